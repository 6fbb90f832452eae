// One snapshot file compiled in: included once per file by CSnapshots.c, with
// IKS_SNAPSHOT_FILE (its path, relative to this folder), IKS_SNAPSHOT_BYTES (the array's name)
// and IKS_SNAPSHOT_FUNCTION (the function that returns it) defined. A file that is missing
// gives an empty snapshot.
#if __has_embed(IKS_SNAPSHOT_FILE) == __STDC_EMBED_FOUND__
_Alignas(16) static const unsigned char IKS_SNAPSHOT_BYTES[] = {
#embed IKS_SNAPSHOT_FILE
};
const unsigned char *IKS_SNAPSHOT_FUNCTION(size_t *count) {
    *count = sizeof IKS_SNAPSHOT_BYTES;
    return IKS_SNAPSHOT_BYTES;
}
#else
const unsigned char *IKS_SNAPSHOT_FUNCTION(size_t *count) {
    *count = 0;
    return NULL;
}
#endif
#undef IKS_SNAPSHOT_FILE
#undef IKS_SNAPSHOT_BYTES
#undef IKS_SNAPSHOT_FUNCTION
