#!/usr/bin/env python3
"""Writes the meaning corpus (Tests/MeaningCorpusTests/Corpus.swift, issue 63): for every
closure-taking operator of the flatMap family, `map`, `compactMap`, `filter`, `catch`,
`distinctUntilChanged`, `take(while:)`, `do`, `scan` and `reduce` on every trait, the selector shapes users write (a closure literal, a function reference, `+`,
`@Sendable`, `@MainActor`, throwing, `async`), each returning each kind of sequence where the
operator takes one. Each case states the result's static type, checked at compile time by
`expectType` on a value inferred without any contextual type, so a new overload that takes a shape
over changes the corpus's build, and the elements it runs to. Shapes RxSwift does not accept and
OpenRx answers with a deprecation (a flatMap selector of a trait returning another kind of
sequence) are cases of their own, marked deprecated. CI checks that the file is this script's
output. Usage: python3 scripts/generate_meaning_corpus.py"""
import os
import re

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "MeaningCorpusTests", "Corpus.swift")

# The traits, how a case makes one of three elements 1, 2, 3 (one element, 1, for Single and Maybe).
SOURCES = {
    "Observable": "Observable.from([1, 2, 3])",
    "Infallible": "Infallible.from([1, 2, 3])",
    "Single": "Single.just(1)",
    "Maybe": "Maybe.just(1)",
    "Driver": "Driver.from([1, 2, 3])",
    "Signal": "Signal.from([1, 2, 3])",
}
ELEMENTS = {"Single": [1], "Maybe": [1]}

# What a selector returns for `n`, by kind of sequence.
INNERS = {
    "Observable": "Observable.just(n * 10)",
    "Infallible": "Infallible.just(n * 10)",
    "Single": "Single.just(n * 10)",
    "Maybe": "Maybe.just(n * 10)",
    "Driver": "Driver.just(n * 10)",
    "Signal": "Signal.just(n * 10)",
    "Completable": "Completable.empty()",
}

FLAT = {
    "Observable": ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap"],
    "Infallible": ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap"],
    "Single": ["flatMap"],
    "Maybe": ["flatMap"],
    "Driver": ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap"],
    "Signal": ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap"],
}

# Traits whose selectors may throw (RxSwift's signatures).
THROWING = {"Observable", "Single", "Maybe"}


def flat_result(trait, op, inner):
    """The static type of `trait.op { inner }`, and whether OpenRx deprecates the shape."""
    element = "Never" if inner == "Completable" else "Int"
    if trait == "Observable":
        if op == "flatMapLatest" and inner == "Infallible":
            return "Infallible<Int>", False  # RxSwift 6's overload
        return f"Observable<{element}>", False
    if trait == "Infallible":
        return f"Infallible<{element}>", False
    if trait in ("Single", "Maybe"):
        if inner == trait:
            return f"{trait}<Int>", False
        return f"Observable<{element}>", True
    if inner in ("Driver", "Signal"):
        return f"{inner}<Int>", False
    return f"Observable<{element}>", True


def expected_elements(trait, inner, op, asynchronous=False):
    """How the elements are checked: `.exact([…])`, or for `async` work whose calls overlap what
    must hold of them."""
    values = [10 * v for v in ELEMENTS.get(trait, [1, 2, 3])]
    if inner == "Completable":
        return ".exact([])"
    if asynchronous and op == "flatMap":
        return f".unordered({values})"
    if asynchronous and op == "flatMapLatest":
        return f".endsWith({values[-1]}, among: {values})"
    if asynchronous and op == "flatMapFirst":
        return f".startsWith({values[0]}, among: {values})"
    return f".exact({values})"


def shaped(literal, function, throwing=None):
    """The shapes of one closure: `literal` (`{ n in … }` or `{ $0 … }`), the function reference,
    the literal marked `@Sendable` and `@MainActor`, and `throwing` where given."""
    def marked(attribute):
        if re.match(r"\{ [\w, ]+ in ", literal):
            return "{ " + attribute + " " + literal[2:]
        return "{ " + attribute + " in " + literal[2:]
    shapes = {"closure": literal, "function": function, "Sendable": marked("@Sendable"), "MainActor": marked("@MainActor")}
    if throwing:
        shapes["throwing"] = throwing
    return shapes


def a(kind):
    """`a Single`, `an Observable`."""
    return f"an `{kind}`" if kind[0] in "AEIOU" else f"a `{kind}`"


def selector(shape, inner):
    """A selector of `shape` returning `inner`'s kind of sequence."""
    body = INNERS[inner]
    if shape == "closure":
        return f"{{ n in {body} }}"
    if shape == "function":
        return f"(inner{inner})"
    if shape == "Sendable":
        return f"{{ @Sendable n in {body} }}"
    if shape == "MainActor":
        return f"{{ @MainActor n in {body} }}"
    if shape == "throwing":
        return f"{{ n in\n        try check(n)\n        return {body}\n    }}"
    raise ValueError(shape)


class Corpus:
    def __init__(self):
        self.cases = []  # (function name, title, deprecated)
        self.functions = []

    def add(self, title, expression, result, check, deprecated=False):
        name = f"case{len(self.cases) + 1:03d}"
        attribute = "@available(*, deprecated)\n" if deprecated else ""
        call = f" {expression}" if "\n" not in expression else f"\n        {expression}"
        self.functions.append(
            f"""/// {title}
{attribute}func {name}() throws -> [Int] {{
    let result ={call}
    expectType({result}.self, of: result)
    return try elements(of: result)
}}
""")
        self.cases.append((name, title, check, deprecated))


def build():
    corpus = Corpus()
    for trait, ops in FLAT.items():
        source = SOURCES[trait]
        for op in ops:
            for inner in INNERS:
                result, deprecated = flat_result(trait, op, inner)
                shapes = ["closure"]
                if inner == trait or (trait in ("Observable", "Infallible") and inner == "Single") or (
                    trait in ("Driver", "Signal") and inner in ("Signal", "Observable")
                ):
                    shapes += ["function", "Sendable", "MainActor"]
                    if trait in THROWING:
                        shapes.append("throwing")
                for shape in shapes:
                    corpus.add(
                        f"`{trait}.{op}` with {a(shape).replace('`', '')} selector returning {a(inner)}: `{result}`"
                        + (" (deprecated: RxSwift does not take it)" if deprecated else ""),
                        f"{source}.{op}{' ' if shape != 'function' else ''}{selector(shape, inner)}",
                        result,
                        expected_elements(trait, inner, op),
                        deprecated,
                    )
            # An `async` transform: the trait's own kind, its result the element.
            if trait in ("Observable", "Infallible", "Single", "Maybe", "Driver", "Signal"):
                corpus.add(
                    f"`{trait}.{op}` with an `async` transform: `{trait}<Int>`",
                    f"{source}.{op} {{ n async in n * 10 }}",
                    f"{trait}<Int>",
                    expected_elements(trait, "Int", op, asynchronous=True),
                )
    # map, compactMap, filter: each trait, each shape (throwing where the trait's closures may throw).
    same = {t: t for t in SOURCES}
    maps = {
        "map": ("{ n in n * 10 }", "(timesTen)", same, lambda v: [10 * x for x in v]),
        "compactMap": ("{ n in n == 2 ? nil : n * 10 }", "(tensExceptTwenty)",
                       {**same, "Single": "Maybe"}, lambda v: [10 * x for x in v if x != 2]),
        "filter": ("{ n in n != 2 }", "(isNotTwo)", {**same, "Single": "Maybe"}, lambda v: [x for x in v if x != 2]),
    }
    for op, (literal, function, results, values) in maps.items():
        for trait, source in SOURCES.items():
            result = f"{results[trait]}<Int>"
            check = f".exact({values(ELEMENTS.get(trait, [1, 2, 3]))})"
            throwing = literal.replace("{ n in", "{ n in try check(n); return") if trait in THROWING else None
            for shape, body in shaped(literal, function, throwing).items():
                corpus.add(
                    f"`{trait}.{op}` with {a(shape).replace('`', '')} closure: `{result}`",
                    f"{source}.{op}{body if shape == 'function' else ' ' + body}",
                    result,
                    check,
                )
    # catch: a failed source recovered by a closure returning the trait's own kind.
    failing = {
        "Observable": "Observable<Int>.error(NegativeInput())",
        "Single": "Single<Int>.error(NegativeInput())",
        "Maybe": "Maybe<Int>.error(NegativeInput())",
    }
    for trait, source in failing.items():
        literal = f"{{ _ in {trait}.just(7) }}"
        throwing = literal.replace("{ _ in", "{ error in try check(error); return")
        for shape, body in shaped(literal, f"(recover{trait})", throwing).items():
            corpus.add(
                f"`{trait}.catch` with {a(shape).replace('`', '')} closure: `{trait}<Int>`",
                f"{source}.catch{body if shape == 'function' else ' ' + body}",
                f"{trait}<Int>",
                ".exact([7])",
            )
    # distinctUntilChanged with a comparer, take(while:) and do(onNext:) (onSuccess: on Single).
    sequences = ("Observable", "Infallible", "Driver", "Signal")
    for trait in sequences:
        throwing = "{ try check($0); return $0 / 2 == $1 / 2 }" if trait in THROWING else None
        for shape, body in shaped("{ $0 / 2 == $1 / 2 }", "sameHalf", throwing).items():
            corpus.add(
                f"`{trait}.distinctUntilChanged` with {a(shape).replace('`', '')} comparer: `{trait}<Int>`",
                f"{SOURCES[trait]}.distinctUntilChanged({body})",
                f"{trait}<Int>",
                ".exact([1, 2])",
            )
    for trait in ("Observable", "Infallible"):
        for shape, body in shaped("{ $0 < 3 }", "isBelowThree").items():
            corpus.add(
                f"`{trait}.take(while:)` with {a(shape).replace('`', '')} predicate: `{trait}<Int>`",
                f"{SOURCES[trait]}.take(while: {body})",
                f"{trait}<Int>",
                ".exact([1, 2])",
            )
    for trait, source in SOURCES.items():
        label = "onSuccess" if trait == "Single" else "onNext"
        for shape, body in shaped("{ _ in }", "ignore").items():
            corpus.add(
                f"`{trait}.do({label}:)` with {a(shape).replace('`', '')} closure: `{trait}<Int>`",
                f"{source}.do({label}: {body})",
                f"{trait}<Int>",
                f".exact({ELEMENTS.get(trait, [1, 2, 3])})",
            )
    # scan and reduce with an operator function and a closure.
    for trait in ("Observable", "Infallible", "Driver", "Signal"):
        for shape, accumulator in (("`+`", "accumulator: +"), ("closure", "accumulator: { $0 + $1 }")):
            corpus.add(
                f"`{trait}.scan` with {shape}: `{trait}<Int>`",
                f"{SOURCES[trait]}.scan(0, {accumulator})",
                f"{trait}<Int>",
                ".exact([1, 3, 6])",
            )
    for shape, accumulator in (("`+`", "accumulator: +"), ("closure", "accumulator: { $0 + $1 }")):
        corpus.add(
            f"`Observable.reduce` with {shape}: `Observable<Int>`",
            f"{SOURCES['Observable']}.reduce(0, {accumulator})",
            "Observable<Int>",
            ".exact([6])",
        )
    return corpus


def write(corpus):
    current = [c for c in corpus.cases if not c[3]]
    deprecated = [c for c in corpus.cases if c[3]]

    def table(cases):
        return "\n".join(f'        MeaningCase({name}, "{title.replace(chr(34), "")}", {check}),' for name, title, check, _ in cases)

    text = f"""// Generated by scripts/generate_meaning_corpus.py: do not edit (CI checks it).
// swift-format-ignore-file
import RxCocoa
import RxSwift

{chr(10).join(corpus.functions)}
/// The cases whose shapes RxSwift accepts too, or that only OpenRx has (`async`).
func currentCases() -> [MeaningCase] {{
    [
{table(current)}
    ]
}}

/// The cases OpenRx deprecates: a trait's flatMap selector returning another kind of sequence,
/// which RxSwift does not accept (without the deprecated overload, an `async` transform took it).
@available(*, deprecated)
func deprecatedCases() -> [MeaningCase] {{
    [
{table(deprecated)}
    ]
}}
"""
    with open(OUT, "w") as f:
        f.write(text)
    print(f"{OUT}: {len(corpus.cases)} cases ({len(deprecated)} deprecated)")


if __name__ == "__main__":
    write(build())
