"""The examples in the engine's docstrings run as written."""

import doctest

import engine


def test_package_docstring_examples():
    result = doctest.testmod(engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0
