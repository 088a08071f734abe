#!/usr/bin/env python3
"""Extracts every order line of DATC v3.0 section 6 into datc_orders.txt (one per line).

Usage: python3 extract_datc_orders.py path/to/DATC_v3_0.txt > datc_orders.txt

An order block starts after a power header ("England:", also "Austria" without the colon and
a header glued to the end of a sentence, as in 6.G.5) and runs to the next blank line.
"""
import re
import sys

POWERS = "Austria|England|France|Germany|Italy|Russia|Turkey"
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
# Section 6 proper (the table of contents near the top also has a "6. TEST CASES" line).
start = max(i for i, l in enumerate(lines) if l.strip() == "6. TEST CASES")
print("# Every order line of DATC v3.0 section 6, in order (extract_datc_orders.py).")
in_block = False
for line in lines[start:]:
    s = line.strip()
    if re.match(r"^6\.[A-Z]\.\d+\.", s):
        in_block = False
        continue
    if re.fullmatch(rf"({POWERS}):?", s) or re.search(rf"\.({POWERS}):$", s):
        in_block = True
        continue
    if not s:
        in_block = False
        continue
    if in_block:
        print(s)
