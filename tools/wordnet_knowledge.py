#!/usr/bin/env python3
"""Builds Dictionaries/suggest/wordnet.tsv from Princeton WordNet 3.0 (Debian's wordnet-base).

What the pair scorer needs from WordNet is which food names share a meaning (one synset:
"aubergine" / "eggplant") and which is a kind of which (a hypernym: "onion" above "red onion").
This script reads WordNet's noun database, keeps the synsets of the food, plant and substance
lexicographer files whose lemmas are ordinary words (no capitals: no genus names or brands;
kinds named after a place or person, "Seville orange", "Swiss chard", are kept lowercased),
turns every lemma into a canonical key with the project's own keyer (`ingest dev key-names`, so the
cells are in the key form the scorer reads), and writes one row per synset with its parents,
plus the ancestors those rows reach (with no terms), so hypernym chains can be walked.

Usage: tools/wordnet-knowledge [--wordnet DIR] [--ingest PATH] [--out FILE]
Deterministic: the same WordNet and keyer give the same file byte for byte.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Lexicographer files whose synsets can be things to buy (WordNet's lexnames numbering).
LEXFILES = {13: "noun.food", 20: "noun.plant", 27: "noun.substance"}


def read_synsets(wordnet_dir):
    """offset -> (lexfile, [lemmas], [parent offsets]) for every noun synset."""
    synsets = {}
    with open(os.path.join(wordnet_dir, "data.noun"), encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue  # license header
            fields = line.split(" | ")[0].split()
            offset, lexfile = fields[0], int(fields[1])
            count = int(fields[3], 16)
            lemmas = [fields[4 + 2 * k] for k in range(count)]
            at = 4 + 2 * count
            pointers = int(fields[at])
            parents = []
            for k in range(pointers):
                symbol, target, pos = fields[at + 1 + 4 * k: at + 4 + 4 * k]
                if symbol in ("@", "@i") and pos == "n":
                    parents.append(target)
            synsets[offset] = (lexfile, lemmas, parents)
    return synsets


def ordinary(lemma):
    """A lemma people write in a recipe: lowercase letters, spaces, hyphens and apostrophes."""
    text = lemma.replace("_", " ")
    return text if all(c.islower() or c in " -'" for c in text) and any(c.isalpha() for c in text) else None


def named_kind(lemma, words, genera):
    """A lemma of several words that names a kind after a place or person ("Seville orange",
    "Swiss chard", "Chinese cinnamon"), lowercased; None for any other lemma. Its last word
    is an ordinary lowercase word that WordNet also lists on its own, and no word is a genus
    (so "Citrus aurantium" and other Latin names stay out); single capitalized words (brands,
    apple varieties such as "Empire") stay out too."""
    parts = lemma.split("_")
    if len(parts) < 2 or not parts[-1].islower() or parts[-1] not in words:
        return None
    text = lemma.replace("_", " ")
    if not all(c.isalpha() or c in " -'" for c in text):
        return None
    if any(part.lower() in genera for part in parts):
        return None
    return text.lower()


def lost_word(term, key):
    """Whether the key of `term` is the term with words left out: it has fewer words, and each
    of its words is one of the term's (the same first five letters, so singulars match).
    "ripe olive" -> "olive" and "pot cheese" -> "cheese" lose a word; joined compounds
    ("soy bean" -> "soybean") and synonym rewrites ("sweet pepper" -> "bell pepper") do not."""
    words = term.replace("-", " ").split()
    key_words = key.split()
    if len(key_words) >= len(words):
        return False
    return all(any(k[:5] == w[:5] for w in words) for k in key_words)


def keys_for(terms, ingest):
    """Canonical keys of bare names, through `ingest dev key-names` (one `name<TAB>key<TAB>display`
    row per input line): the keys of names as the scorer reads them, without the line parser, so
    a retrained tagger leaves this table as it is."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("\n".join(terms) + "\n")
        path = f.name
    try:
        out = subprocess.run([ingest, "dev", "key-names", path],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    keys = [line.split("\t")[1] or None for line in out.split("\n")[:-1]]
    if len(keys) != len(terms):
        sys.exit(f"wordnet-knowledge: the keyer returned {len(keys)} keys for {len(terms)} terms")
    return keys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", default="/usr/share/wordnet")
    parser.add_argument("--ingest", required=True, help="path of a built ingest binary")
    parser.add_argument("--out", default="Dictionaries/suggest/wordnet.tsv")
    args = parser.parse_args()

    synsets = read_synsets(args.wordnet)
    # Words WordNet lists on their own, and genus names ("genus_citrus" -> "citrus").
    words = {l.lower() for _, lemmas, _ in synsets.values() for l in lemmas if "_" not in l}
    genera = {l[6:].lower() for _, lemmas, _ in synsets.values() for l in lemmas if l.lower().startswith("genus_")}
    kept = {}
    for offset, (lexfile, lemmas, _) in synsets.items():
        if lexfile not in LEXFILES:
            continue
        terms = sorted({t for t in (ordinary(l) or named_kind(l, words, genera) for l in lemmas) if t})
        if terms:
            kept[offset] = terms
    all_terms = sorted({t for terms in kept.values() for t in terms})
    key_of = dict(zip(all_terms, keys_for(all_terms, args.ingest)))
    # A lemma whose key lost a word says nothing about that shorter key: "ripe olive" keys as
    # "olive", "pot cheese" as "cheese", "well water" as "water", and would make the generic
    # food a synonym of a kind of it. Such lemmas are left out (their synset keeps its others).
    lost = {t for t, k in key_of.items() if k and lost_word(t, k)}
    for t in lost:
        key_of[t] = None

    # Rows: kept synsets with their keyed terms, and every ancestor they reach.
    rows = {}
    stack = list(kept)
    while stack:
        offset = stack.pop()
        if offset in rows:
            continue
        lexfile, _, parents = synsets[offset]
        terms = sorted({key_of[t] for t in kept.get(offset, []) if key_of.get(t)})
        rows[offset] = (parents, terms)
        stack.extend(parents)

    with open(args.out, "w", encoding="utf-8") as out:
        out.write(
            "# IngredientKit food knowledge from Princeton WordNet 3.0, written by tools/wordnet-knowledge\n"
            "# (do not edit by hand; regenerate with: tools/wordnet-knowledge).\n"
            "# Source: Debian's wordnet-base package (WordNet 3.0, Princeton University). WordNet's license\n"
            "# permits use, copying, modification and distribution for any purpose, with the copyright\n"
            "# notice kept: \"WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.\"\n"
            "# Kept: noun synsets of the lexicographer files noun.food, noun.plant and noun.substance whose\n"
            "# lemmas are ordinary lowercase words or kinds named after a place or person (\"Seville orange\",\n"
            "# lowercased; no genus names or single capitalized words), each lemma turned into a canonical key\n"
            "# by `ingest dev key-names` (a lemma whose key loses a word, \"ripe olive\" -> \"olive\", is left out);\n"
            "# plus every hypernym they reach (terms '-'), so chains can be walked.\n"
            "# Columns: synset<TAB>parents<TAB>terms\n"
            "#   synset   WordNet 3.0 noun offset\n"
            "#   parents  hypernym offsets, comma-separated ('-': none)\n"
            "#   terms    the synset's lemmas as canonical keys, '|'-separated ('-': none kept)\n"
            f"# {len(kept)} food/plant/substance synsets, {len(rows)} rows, {len(set(key_of.values()) - {None})} distinct keys; "
            f"{len(lost)} lemmas left out for a key that lost a word.\n"
        )
        for offset in sorted(rows):
            parents, terms = rows[offset]
            out.write(f"{offset}\t{','.join(parents) or '-'}\t{'|'.join(terms) or '-'}\n")


if __name__ == "__main__":
    main()
