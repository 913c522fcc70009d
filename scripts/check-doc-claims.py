#!/usr/bin/env python3
"""Checks claims the prose of the documentation makes against what the repository does (run by
scripts/docs.sh). Two kinds, each found once in a review and checked here since:

- Platforms. CI builds and tests on Linux only (.ci/run). A paragraph of README.md or of an
  article (Sources/*/*.docc/*.md) that names Apple platforms must say in the same paragraph that
  they are not built or tested; a paragraph that claims OpenRx runs "on Linux and Apple
  platforms" (or the like) without that fails. The platforms Package.swift declares must be the
  ones the README's Platforms paragraph names.
- Manifests. A package manifest shown in the documentation depends on products Package.swift
  declares.
- Marble frames. A sentence that gives the length of a diagram character ("one character per N
  ticks", "each character of the diagram is N ms") must agree with the `frame:` argument of the
  next ```swift block (10 when it passes none, RxTest's default); for milliseconds, with the
  block's `resolution: 0.001` (a tick is a millisecond).

Prints each disagreement with its file and line; exits 1 if there is one.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
documents = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md"))
problems = []


def paragraphs(text):
    """(first line number, paragraph text) for each blank-line-separated paragraph outside code."""
    out, current, start, fenced = [], [], 0, False
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith("```"):
            fenced = not fenced
            if current:
                out.append((start, " ".join(current)))
                current = []
            continue
        if fenced:
            continue
        if not line.strip():
            if current:
                out.append((start, " ".join(current)))
                current = []
            continue
        if not current:
            start = number
        current.append(line.strip())
    if current:
        out.append((start, " ".join(current)))
    return out


ci = open(".ci/run").read() + "".join(open(f).read() for f in glob.glob(".github/workflows/*"))
apple_in_ci = re.search(r"\bmacos\b|xcodebuild", ci, re.I) is not None
qualified = re.compile(r"not (?:yet )?(?:built|tested)|not built or tested|are declared", re.I)
for document in documents:
    for line, paragraph in paragraphs(open(document).read()):
        claims_apple = re.search(r"\b(?:on|runs on|works on|for) (?:Linux and|Linux as on|both Linux and) Apple", paragraph)
        if not apple_in_ci and claims_apple and not qualified.search(paragraph):
            problems.append(f"{document}:{line}: claims Apple platforms, which CI does not build or test: "
                            f"say so in the paragraph ({paragraph[:90]}…)")

# The README's Platforms paragraph names what Package.swift declares.
manifest = open("Package.swift").read()
declared = re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)", manifest)
readme = open("README.md").read()
platforms = next((p for _, p in paragraphs(readme) if p.startswith("**Platforms.**")), "")
for name, version in declared:
    if f"{name} {version}" not in platforms:
        problems.append(f"README.md: the Platforms paragraph does not name {name} {version}, "
                        f"which Package.swift declares")
if not apple_in_ci and platforms and not qualified.search(platforms):
    problems.append("README.md: the Platforms paragraph must say Apple platforms are not built or tested")

# Package manifests shown in the documentation name products the package has.
products = set(re.findall(r'\.library\(name: "(\w+)"', manifest)) | {"RxGtk"}
for document in documents:
    for number, line in enumerate(open(document).read().split("\n"), 1):
        for product in re.findall(r'\.product\(name: "(\w+)", package: "OpenRx"\)', line):
            if product not in products:
                problems.append(f"{document}:{number}: the manifest sample names product {product}, "
                                f"which Package.swift does not declare")

# Marble frames.
frame_sentence = re.compile(r"one character per (\d+) ticks|[Ee]ach character of the diagram is (\d+) ms")
for document in documents:
    lines = open(document).read().split("\n")
    fenced = False
    for index, line in enumerate(lines):
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in frame_sentence.finditer(line):
            # The nearest ```swift block, after the sentence, or before it when the sentence
            # explains the block it follows.
            def block(start, step):
                i = start
                while 0 <= i < len(lines):
                    if lines[i].strip() == "```swift":
                        j = i + 1
                        while j < len(lines) and lines[j].strip() != "```":
                            j += 1
                        return "\n".join(lines[i + 1:j])
                    if step < 0 and lines[i].strip() == "```":
                        # Walking back: find the opening fence of this block.
                        j = i - 1
                        while j >= 0 and not lines[j].strip().startswith("```"):
                            j -= 1
                        if j >= 0 and lines[j].strip() == "```swift":
                            return "\n".join(lines[j + 1:i])
                        return None
                    i += step
                return None
            code = block(index + 1, 1) if match.group(1) else (block(index - 1, -1) or block(index + 1, 1))
            if code is None:
                continue
            if "createHotObservable" not in code and "createColdObservable" not in code \
                    and "marbles:" not in code:
                continue
            frames = set(int(f) for f in re.findall(r"frame: (\d+)", code)) or {10}
            if match.group(1):
                if int(match.group(1)) not in frames:
                    problems.append(f"{document}:{index + 1}: says one character per {match.group(1)} ticks; "
                                    f"its sample's frame is {sorted(frames)}")
            else:
                ms = int(match.group(2))
                per_tick = 1 if "resolution: 0.001" in code else None
                if per_tick is None or ms not in frames:
                    problems.append(f"{document}:{index + 1}: says a character is {ms} ms; its sample's "
                                    f"frame is {sorted(frames)} ticks"
                                    + ("" if per_tick else " at an unknown resolution"))

for problem in problems:
    print("error: " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
