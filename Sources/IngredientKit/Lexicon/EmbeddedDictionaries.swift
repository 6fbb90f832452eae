/// The tables of the package's `Dictionaries/` folder, compiled into the library by the
/// EmbedDictionaries build plugin (see `EmbeddedDictionaries.files`, generated at build time).
enum EmbeddedDictionaries {}
