"""Numbers as the reader's language writes them (issue 36 item 2): English exactly as Python prints them,
Brazilian Portuguese with a decimal comma, a point between thousands and the percent sign close to the
number, checked against CLDR's pt_BR data (through Babel, which only the tests need)."""

from __future__ import annotations

import random

import pytest

from engine import claims
from engine.numerals import formatted, localize, number


def test_english_is_what_python_prints():
    for x, spec in [(-6.75, "+.2f"), (0.0, "+.2f"), (1234.5, ".1f"), (12345678, "d"), (0.125, ".1%"),
                    (7, "+d"), (-3, "+d"), (2.675, ".2f"), (88.0, ".0f")]:
        assert number(x, "en", spec) == format(x, spec)
    assert formatted("{:.0f}%", 87.6, "en") == "88%"


def test_portuguese_decimal_comma_and_signs():
    assert number(-6.75, "pt", "+.2f") == "-6,75"
    assert number(0.0, "pt", "+.2f") == "+0,00"
    assert number(7, "pt", "+d") == "+7" and number(-3, "pt", "+d") == "-3"
    assert number(12, "pt") == "12"
    assert localize("−11.34", "pt") == "−11,34"  # a true minus passes through
    assert formatted("{:+.2f}", -0.05, "pt") == "-0,05" and formatted("{:+.1f}", 0.25, "pt") == "+0,2"


def test_portuguese_thousands_from_four_digits():
    assert number(999, "pt") == "999"
    assert number(1000, "pt") == "1.000"
    assert number(1234.5, "pt", ".1f") == "1.234,5"
    assert number(-12345678.25, "pt", ".2f") == "-12.345.678,25"
    assert number(123456, "pt", "+d") == "+123.456"
    assert number(1234, "en") == "1234"  # English pages never grouped thousands, and do not start now


def test_portuguese_percent_sign_follows_the_number():
    assert number(0.125, "pt", ".1%") == "12,5%"
    assert number(0.5, "pt", ".0%") == "50%"
    assert localize("12.5%", "pt") == "12,5%"
    assert formatted("{:.0f}%", 87.6, "pt") == "88%"


def test_rounding_is_the_same_digits_in_every_language():
    """Only the marks differ: the digits (Python's rounding, ties to even on the binary value) are shared."""
    rng = random.Random(36)
    for _ in range(500):
        x = rng.uniform(-20000, 20000)
        for spec in (".2f", "+.1f", ".0f", "+.3f"):
            en, pt = number(x, "en", spec), number(x, "pt", spec)
            assert pt.replace(".", "").replace(",", ".") == en.replace(",", ""), (x, spec, en, pt)
    assert number(2.675, "pt", ".2f") == "2,67"   # 2.675 is 2.67499… in binary, as Python rounds it
    assert number(0.5, "pt", ".0f") == "0" and number(1.5, "pt", ".0f") == "2"


def test_portuguese_agrees_with_cldr_pt_br():
    """The separators and the percent pattern are CLDR's for Brazil (what Babel prints for pt_BR)."""
    numbers = pytest.importorskip("babel.numbers")
    rng = random.Random(2)
    values = [k / 4 for k in range(-40000, 40000, 37)] + [rng.randrange(-10**7, 10**7) / 4 for _ in range(300)]
    for x in values:
        assert number(x, "pt", ".2f") == numbers.format_decimal(x, format="#,##0.00", locale="pt_BR")
    for k in range(0, 1001, 7):
        share = k / 1000
        assert number(share, "pt", ".1%") == numbers.format_percent(share, format="#,##0.0%", locale="pt_BR")


def test_what_is_not_a_number_is_refused_and_an_unknown_language_too():
    with pytest.raises(ValueError, match="is not a number"):
        localize("12 fichas", "pt")
    with pytest.raises(ValueError, match="is not a number"):
        localize("1,234.5", "pt")
    with pytest.raises(ValueError, match="no way of writing numbers for language 'fr'"):
        number(1.5, "fr", ".1f")
    assert localize("inf", "pt") == "inf" and localize("-inf", "en") == "-inf"


def test_claims_print_their_figures_in_the_readers_language(monkeypatch):
    for name, words in [("test.chips", "{signed} chips ({value})"), ("test.share", "it works"),
                        ("test.chance", "it works ({chance})")]:
        monkeypatch.setitem(claims.FACTS, name, claims.Fact(name, words))
    figure = claims.Figure("test.chips", value=-6.75, exact=False, samples=1200)
    assert figure.words("en") == "−6.75 chips (−6.75) on average over 1200 imagined deals"
    assert figure.words("pt").startswith("−6,75 chips (−6,75)") and "1.200" in figure.words("pt")
    assert claims._signed(0.25, "pt") == "+0,25" and claims._number(1234.5, "pt") == "1.234,50"
    assert claims.percent(0.125, "pt") == "12%" and claims.percent(0.999, "pt") == "mais de 99%"
    assert claims.percent(0.001, "en") == "under 1%"
    shared = claims.Sampled("test.share", hits=3, samples=1500, assumption="random")
    assert "1.500" in shared.words("pt") and "1500" in shared.words("en")
    chance = claims.Chance("test.chance", p=0.9999)
    assert "(mais de 99%)" in chance.words("pt") and "(over 99%)" in chance.words("en")


def test_a_solved_reviews_deal_count_is_grouped_as_the_reader_writes_it():
    from engine.review_claims import Solved
    cost = Solved("a", value=1.0, move="play AS", exact=True, samples=0, total=2380)
    assert cost.count_words("en") == "2,380"
    assert cost.count_words("pt") == "2.380"
