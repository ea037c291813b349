"""How a test finds a hint's headline in the hint panel's HTML (widgets/table_html.hint_html)."""

#: What stands just before the headline's words: ``f"{HEADLINE}Fold: "`` is a headline naming Fold.
HEADLINE = "<b data-testid='hint-headline'>"
