#!/usr/bin/env python3
"""Scores the parser on the held-out fifth of the labeled sentences rewritten the way other
sites write their lines: Title Case, capitals, a bullet or a dash in front, a period at the end,
"and" written "&", the first number written as a word, the amount written last after " - " or
": ". Each rewriting keeps the labels (the gold quantity, unit and name; "&" also in the name).

Trains the fold model on the other 4/5 (`ingest dev train parser --held-out-only
--fold-models`), writes the rewritten fifths to a temporary folder (never into the repo) and
scores each, and the same lines as written, with `ingest eval parse --model`.

Usage: tools/eval-styles [GOLD.jsonl]   (run through the wrapper, which builds `ingest`)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

WORDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "8": "eight",
         "10": "ten", "12": "twelve"}
UNITS = r"(?:cups?|tbsp|tsp|g|kg|ml|l|oz|lb|pounds?|ounces?|tablespoons?|teaspoons?)"
AMOUNT = r"([\d½¼¾⅓⅔⅛/ .-]+\s*" + UNITS + r"\b\.?)"


def title(s):
    return re.sub(r"\b([a-z])", lambda m: m.group(1).upper(), s)


def amount_last(s):
    m = re.match("^" + AMOUNT + r"\s+(.+)$", s)
    return m.group(2) + " - " + m.group(1).strip() if m else None


def amount_colon(s):
    m = re.match("^" + AMOUNT + r"\s+([^,(]+)$", s)
    return m.group(2).strip() + ": " + m.group(1).strip() if m else None


def first_number_word(s):
    m = re.match(r"^(\d+) (?=[a-zA-Z])", s)
    return WORDS[m.group(1)] + s[m.end(1):] if m and m.group(1) in WORDS else None


def ampersand(s):
    return s.replace(" and ", " & ") if " and " in s else None


# name, rewriting of the input (None: the line is left out), whether the name is rewritten too
STYLES = [
    ("Title Case", title, False),
    ("capitals", str.upper, False),
    ("'• ' in front", lambda s: "• " + s, False),
    ("'- ' in front", lambda s: "- " + s, False),
    ("period at the end", lambda s: s + ".", False),
    ("'and' written '&'", ampersand, True),
    ("first number as a word", first_number_word, False),
    ("amount last after ' - '", amount_last, False),
    ("amount last after ': '", amount_colon, False),
]


def score(ingest, model, path):
    out = subprocess.run([ingest, "eval", "parse", "--json", "--model", model, path],
                         capture_output=True, check=True, text=True).stdout
    return json.loads(out)["overall"]["allThree"]


def main():
    ingest = os.environ["INGEST"]
    gold_path = sys.argv[1]
    lines = [l for l in open(gold_path, encoding="utf-8").read().split("\n") if l.strip()]
    # The fifth the trainer holds out: every fifth sentence (TrainingRun.split).
    fifth = [json.loads(l) for i, l in enumerate(lines) if i % 5 == 4]
    with tempfile.TemporaryDirectory(prefix="eval-styles.") as work:
        subprocess.run([ingest, "dev", "train", "parser", gold_path, "--out", os.path.join(work, "unused.tsv"),
                        "--held-out-only", "--fold-models", work], check=True, capture_output=True)
        model = os.path.join(work, "fifth.tsv")
        print(f"{'rewritten':26} {'lines':>6} {'as written':>11} {'rewritten':>10}")
        for name, rewrite, rewrite_name in STYLES:
            written, rewritten = [], []
            for g in fifth:
                text = rewrite(g["input"])
                if text is None or text == g["input"]:
                    continue
                written.append(g)
                h = dict(g, input=text)
                if rewrite_name and h.get("name"):
                    h["name"] = h["name"].replace(" and ", " & ")
                rewritten.append(h)
            paths = []
            for tag, rows in (("written", written), ("rewritten", rewritten)):
                path = os.path.join(work, f"{len(paths)}-{tag}.jsonl")
                with open(path, "w", encoding="utf-8") as f:
                    for r in rows:
                        f.write(json.dumps(r, ensure_ascii=False) + "\n")
                paths.append(path)
            a, b = score(ingest, model, paths[0]), score(ingest, model, paths[1])
            print(f"{name:26} {len(written):>6} {a * 100:>10.1f}% {b * 100:>9.1f}%")


if __name__ == "__main__":
    main()
