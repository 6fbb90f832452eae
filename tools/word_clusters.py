#!/usr/bin/env python3
"""Offline builder of Dictionaries/model/clusters.tsv: word clusters for the tagger.

Learns, without labels, which lowercase words are used alike in unlabeled recipe text: counts
each frequent word's neighbours (the tokens one and two places to its left and right, as
separate contexts), weighs the counts by positive pointwise mutual information (context
distribution smoothed by the power 0.75), reduces them with a truncated SVD, and groups the
unit-length word vectors with k-means (k-means++ start, fixed seed). The k-means centroids
are then joined by Ward linkage and cut at two coarser sizes, so that the three cluster ids of
a word are nested (a fine cluster lies inside one middle and one coarse cluster).

Deterministic: single-threaded BLAS, fixed seeds, ties broken by word. The same input files
give the same table. See Dictionaries/README.md (`model/clusters.tsv`) and docs/parsing.md.

Usage: tools/word-clusters [--lines FILE] [--mealmaster DIR_OR_TAR] [--out PATH]
"""

import argparse
import os
import re
import shutil
import sys
import tarfile
import tempfile
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
             "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import numpy as np  # noqa: E402
import scipy.sparse as sp  # noqa: E402
from scipy.sparse.linalg import svds  # noqa: E402
from scipy.cluster.hierarchy import linkage, fcluster  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A word as the tagger's tokenizer reads one: a letter, then letters and digits, with inner
# hyphens, apostrophes or dots before a letter ("free-range", "e.g"); a trailing dot is left
# out. Numbers become one token, other marks one token each.
LETTER = r"[^\W\d_]"
WORD = re.compile(rf"{LETTER}[^\W_]*(?:[-'.\u2019]{LETTER}[^\W_]*)*|\d+(?:[.,/]\d+)*|[\u00bc-\u00be\u2150-\u215e]|\S")
NUMBER = re.compile(r"^[\d\u00bc-\u00be\u2150-\u215e]")
SHIPPED = re.compile(rf"^{LETTER}+(?:[-'\u2019]{LETTER}+)*$")
ASCII_FOLD = str.maketrans({chr(c): chr(c + 32) for c in range(65, 91)})


def log(*args):
    print("word-clusters:", *args, file=sys.stderr, flush=True)


def tokens(line):
    out = []
    for m in WORD.finditer(line.translate(ASCII_FOLD)):
        t = m.group(0)
        if NUMBER.match(t):
            out.append("<num>")
        else:
            out.append(t)
    return out


def is_word(t):
    return t[0].isalpha()


def read_lines(args):
    """Every line of the unlabeled files, in a fixed order."""
    with open(args.lines, encoding="utf-8", errors="replace") as f:
        for line in f:
            yield line
    mm = args.mealmaster
    if not mm:
        return
    if os.path.isdir(mm):
        yield from read_lines_mealmaster(mm)
    else:
        # Extracted to a temporary folder under /tmp first (reading members of a compressed
        # archive out of order would decompress it again and again), then read like a folder.
        tmp = tempfile.mkdtemp(prefix="word-clusters-", dir="/tmp")
        try:
            log(f"extracting {mm} to {tmp}")
            with tarfile.open(mm) as tar:
                tar.extractall(tmp, filter="data")
            args.mealmaster = tmp
            yield from read_lines_mealmaster(tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def read_lines_mealmaster(mm):
    """Every line of every file under the folder `mm`, files in order of their relative path."""
    paths = []
    for root, dirs, files in os.walk(mm):
        dirs.sort()
        for name in sorted(files):
            paths.append(os.path.relpath(os.path.join(root, name), mm))
    for p in sorted(paths):
        with open(os.path.join(mm, p), "rb") as f:
            for raw in f:
                yield raw.decode("utf-8", errors="replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", default=os.path.join(REPO, "..", "shared", "corpora", "lines", "all-ingredient-lines.txt"))
    ap.add_argument("--mealmaster", default=os.path.join(REPO, "..", "shared", "corpora", "mealmaster-corpus", "RecipeCorpus.tar.xz"),
                    help="the MealMaster corpus: its .tar.xz or a folder it was extracted to")
    ap.add_argument("--out", default=os.path.join(REPO, "Dictionaries", "model", "clusters.tsv"))
    ap.add_argument("--words", type=int, default=20000, help="most frequent words clustered")
    ap.add_argument("--min-count", type=int, default=5)
    ap.add_argument("--contexts", type=int, default=6000, help="most frequent tokens used as contexts")
    ap.add_argument("--dims", type=int, default=100)
    ap.add_argument("--sizes", default="16,64,512", help="coarse, middle, fine cluster counts")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    t0 = time.time()

    # Pass 1: token counts.
    lines = []
    counts = {}
    for line in read_lines(args):
        ts = tokens(line)
        if not ts:
            continue
        lines.append(ts)
        for t in ts:
            counts[t] = counts.get(t, 0) + 1
    log(f"{len(lines)} lines, {len(counts)} distinct tokens ({time.time() - t0:.0f}s)")

    by_freq = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    words = [w for w, c in by_freq if is_word(w) and c >= args.min_count][:args.words]
    contexts = ["<s>", "</s>"] + [w for w, c in by_freq[:args.contexts]]
    widx = {w: i for i, w in enumerate(words)}
    cidx = {w: i for i, w in enumerate(contexts)}
    C = len(contexts)
    offsets = (-2, -1, 1, 2)

    # Pass 2: co-occurrence counts (word, offset, context) as a sparse matrix.
    rows, cols = [], []
    mats = []
    V = len(words)
    ncols = C * len(offsets)

    def flush():
        if rows:
            r = np.concatenate(rows)
            c = np.concatenate(cols)
            mats.append(sp.csr_matrix((np.ones(len(r), dtype=np.float64), (r, c)), shape=(V, ncols)))
            rows.clear()
            cols.clear()

    pending = 0
    for ts in lines:
        padded = ["<s>", "<s>"] + ts + ["</s>", "</s>"]
        ids = [cidx.get(t, -1) for t in padded]
        r, c = [], []
        for i in range(2, len(padded) - 2):
            w = widx.get(padded[i])
            if w is None:
                continue
            for k, o in enumerate(offsets):
                ci = ids[i + o]
                if ci >= 0:
                    r.append(w)
                    c.append(k * C + ci)
        if r:
            rows.append(np.array(r, dtype=np.int32))
            cols.append(np.array(c, dtype=np.int32))
            pending += len(r)
        if pending > 5_000_000:
            flush()
            pending = 0
            if len(mats) > 1:
                mats[:] = [sum(mats[1:], mats[0])]
    flush()
    M = sum(mats[1:], mats[0]).tocsr()
    del lines
    log(f"{V} words x {ncols} contexts, {M.nnz} cells ({time.time() - t0:.0f}s)")

    # PPMI with smoothed context distribution.
    total = M.sum()
    wsum = np.asarray(M.sum(axis=1)).ravel()
    csum = np.asarray(M.sum(axis=0)).ravel() ** 0.75
    csum = csum / csum.sum()
    M = M.tocoo()
    pmi = np.log((M.data / total) / ((wsum[M.row] / total) * csum[M.col]))
    keep = pmi > 0
    P = sp.csr_matrix((pmi[keep], (M.row[keep], M.col[keep])), shape=M.shape)
    v0 = np.full(min(P.shape), 1.0 / np.sqrt(min(P.shape)))
    u, s, vt = svds(P, k=args.dims, v0=v0, solver="arpack", maxiter=5000)
    order = np.argsort(-s)
    u, s = u[:, order], s[order]
    # Sign of each component fixed by its largest entry (SVD signs are arbitrary).
    signs = np.sign(u[np.argmax(np.abs(u), axis=0), np.arange(u.shape[1])])
    X = u * signs * np.sqrt(s)
    X /= np.maximum(np.linalg.norm(X, axis=1, keepdims=True), 1e-12)
    log(f"SVD {args.dims} dims ({time.time() - t0:.0f}s)")

    # k-means, k-means++ start.
    rng = np.random.RandomState(args.seed)
    k = sizes[-1]
    centers = [X[rng.randint(V)]]
    d2 = ((X - centers[0]) ** 2).sum(1)
    for _ in range(1, k):
        p = d2 / d2.sum()
        i = int(np.searchsorted(np.cumsum(p), rng.random_sample()))
        i = min(i, V - 1)
        centers.append(X[i])
        d2 = np.minimum(d2, ((X - X[i]) ** 2).sum(1))
    centers = np.array(centers)
    xx = (X ** 2).sum(1)[:, None]
    for it in range(30):
        d = xx - 2 * X @ centers.T + (centers ** 2).sum(1)[None, :]
        assign = np.argmin(d, axis=1)
        new = np.zeros_like(centers)
        np.add.at(new, assign, X)
        n = np.bincount(assign, minlength=k)
        empty = n == 0
        new[~empty] /= n[~empty, None]
        new[empty] = centers[empty]
        shift = np.abs(new - centers).max()
        centers = new
        if shift < 1e-6:
            break
    d = xx - 2 * X @ centers.T + (centers ** 2).sum(1)[None, :]
    assign = np.argmin(d, axis=1)
    log(f"k-means {k} clusters, {it + 1} rounds ({time.time() - t0:.0f}s)")

    # Nested coarser clusters: Ward linkage over the used centroids.
    used = np.unique(assign)
    Z = linkage(centers[used], method="ward")
    coarse_of = {}
    for size in sizes[:-1]:
        labels = fcluster(Z, t=size, criterion="maxclust")
        coarse_of[size] = dict(zip(used.tolist(), (labels - 1).tolist()))
    # Renumber fine clusters densely in order of first (most frequent) word.
    fine_id = {}
    for i in range(V):
        a = int(assign[i])
        if a not in fine_id:
            fine_id[a] = len(fine_id)
    renum = {}
    for size in sizes[:-1]:
        m = {}
        for i in range(V):
            c = coarse_of[size][int(assign[i])]
            if c not in m:
                m[c] = len(m)
        renum[size] = m

    # Only words of letters (inner hyphens and apostrophes allowed) are written: the corpus
    # also holds mail addresses, user names and codes ("a.broaddus", "compuserve.com", "a01tmf1"),
    # which are no recipe words and not ours to ship. They still shaped the clusters above.
    kept = [w for w in sorted(words) if SHIPPED.match(w)]
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("# IngredientKit word clusters, written by tools/word-clusters (never by hand); see Dictionaries/README.md.\n")
        f.write(f"# {len(kept)} words of letters among the {V} most frequent lowercase words of unlabeled recipe text;\n")
        f.write(f"# PPMI over neighbours at -2..+2, SVD {args.dims},\n")
        f.write(f"# k-means {sizes[-1]} (seed {args.seed}), Ward-nested into {', '.join(map(str, sizes[:-1]))}.\n")
        f.write("# word\t" + "\t".join(f"c{s}" for s in sizes) + "\n")
        for w in kept:
            j = widx[w]
            a = int(assign[j])
            ids = [renum[s][coarse_of[s][a]] for s in sizes[:-1]] + [fine_id[a]]
            f.write(w + "\t" + "\t".join(map(str, ids)) + "\n")
    log(f"wrote {args.out} ({time.time() - t0:.0f}s)")
    # A look at some clusters, for the log.
    for a in sorted(fine_id, key=fine_id.get)[:12]:
        members = [words[i] for i in np.where(assign == a)[0][:10]]
        log(f"cluster {fine_id[a]}: {' '.join(members)}")


if __name__ == "__main__":
    main()
