import IngredientParsing

/// One recipe read from a file: where it came from, its title and yield, its ingredient lines
/// with their groups and (once parsed) their parse, its instructions, and what was odd about it.
///
/// Readers produce records with `parsed` unset; `RecipeImporter` parses every line and numbers
/// the record's `source`. `RecipeJSON` writes a record as one line of the `ingest import`
/// contract.
public struct RecipeRecord: Hashable, Sendable {
    /// One ingredient line as written, with the group (sub-header) it is listed under.
    public struct Ingredient: Hashable, Sendable {
        /// The sub-header the line is listed under ("For the sauce"), or nil.
        public var group: String?
        /// The line as written in the source (markup removed, spacing collapsed).
        public var text: String
        /// The parse of `text`, once `RecipeImporter` (or `parsed(with:)`) has parsed it.
        public var parsed: ParsedIngredient?
        /// What a structured source states outright about the line (Cooklang, Mealie and
        /// Tandoor fields); put into `parsed` over what the parser read from `text`.
        public var stated: StatedIngredient?

        /// A line of `group`, not yet parsed.
        public init(group: String?, text: String, parsed: ParsedIngredient? = nil, stated: StatedIngredient? = nil) {
            self.group = group
            self.text = text
            self.parsed = parsed
            self.stated = stated
        }
    }

    /// Where the recipe came from: `<path>#<n>`, n counting recipes from 1 within the file
    /// (archive members are paths inside the archive: `export.zip/recipes/cake.json#1`).
    public var source: String
    /// The format it was read as.
    public var format: RecipeFormat
    /// The recipe's title, if the source gives one.
    public var title: String?
    /// The yield as written ("4 servings", "1 loaf"), if given.
    public var yield: String?
    /// The ingredient lines, in order.
    public var ingredients: [Ingredient]
    /// The instruction steps, in order (section names of grouped steps are kept as their own step).
    public var instructions: [String]
    /// What was unusual while reading it: a repaired JSON-LD block, a Windows-1252 file,
    /// ingredients found by a heading rather than by recipe markup, …
    public var warnings: [String]

    /// A record with the given fields.
    public init(source: String = "", format: RecipeFormat, title: String? = nil, yield: String? = nil,
                ingredients: [Ingredient] = [], instructions: [String] = [], warnings: [String] = []) {
        self.source = source
        self.format = format
        self.title = title
        self.yield = yield
        self.ingredients = ingredients
        self.instructions = instructions
        self.warnings = warnings
    }

    /// The record with every ingredient line parsed by `parser`. Lines the parser reads as
    /// section headers ("For the sauce:") are not kept as ingredients: they become the group
    /// of the lines after them (within the same source group); empty lines are dropped.
    /// A line with `stated` fields is always an ingredient, and its stated fields replace
    /// the parser's (see `StatedIngredient`).
    public func parsed(with parser: IngredientParser) -> RecipeRecord {
        parsed(with: parser.makeSession())
    }

    /// The record with every ingredient line parsed in `session` (as `parsed(with:)` with the
    /// session's parser; a session kept from record to record parses faster).
    public func parsed(with session: IngredientParser.Session) -> RecipeRecord {
        var copy = self
        copy.parse(in: session)
        return copy
    }

    /// `parsed(with:)` in place: the lines kept move to the front of `ingredients` with their
    /// parses, so a record the caller owns is not copied line by line.
    mutating func parse(in session: IngredientParser.Session) {
        let parser = session.parser
        var subgroup: (within: String?, name: String)?
        var kept = 0
        for k in ingredients.indices {
            var parsed = session.parse(ingredients[k].text)
            if let stated = ingredients[k].stated, parsed.kind != .empty {
                parsed.kind = .ingredient
                parsed.section = nil
                parsed = stated.applied(to: parsed, lexicon: parser.lexicon)
            }
            switch parsed.kind {
            case .empty:
                continue
            case .header:
                subgroup = (ingredients[k].group, parsed.section ?? ingredients[k].text)
                continue
            case .ingredient:
                if let s = subgroup, s.within == ingredients[k].group { ingredients[k].group = s.name } else { subgroup = nil }
                ingredients[k].parsed = parsed
                if kept != k { ingredients.swapAt(kept, k) }
                kept += 1
            }
        }
        ingredients.removeLast(ingredients.count - kept)
    }
}

/// What an import yields for each recipe found: the recipe, or why it could not be read.
public enum ImportRecord: Hashable, Sendable {
    /// A recipe that was read.
    case recipe(RecipeRecord)
    /// A file or recipe that could not be read: its source (`<path>` for a whole file,
    /// `<path>#<n>` for one recipe in it) and the error.
    case failure(source: String, error: ImportError)

    /// The record's source.
    public var source: String {
        switch self {
        case let .recipe(r): r.source
        case let .failure(source, _): source
        }
    }
}
