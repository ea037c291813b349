"""The review of a deal at the table: each of your decisions rated, the table as it was, the better move tried.

Why here and not in the table: the table only tells the panel when it has drawn (``sync``) and
gives it room under the end-of-deal panel. The table's session evaluates each decision of yours in a
background thread as soon as you make it (widgets/session.py, :class:`Evaluation`), so the
bots never wait and the review is ready when the deal ends. Looking at a decision puts a replay of
the deal up to that moment on the table (the session's ``put``: drawn from your view, as any position
is); "Try the better move" plays it there and lets the same bots play on; Back puts the finished deal
back. The panel asks the table only what :class:`widgets.session.ReviewHost` lists.

"Copy review link" copies the page's address with the deal code, the bots' level and the moves
made (engine/review_link.py): opened in another browser, the table there deals the code, replays
the moves through the rules and opens the same review (:meth:`ReviewPanel.follow_link`).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import ipywidgets as w

import engine
from engine import claims
from engine.i18n import N_, Sentence, said, say
from engine.review import ACCURACY_DEFINITION, VERDICT_WORDS, Entry, Review
from engine.review_link import ReviewLinkError, moves_code
from engine.review_thresholds import thresholds_for
from widgets.deal_link import CopyLink, link_query
from widgets.puzzles import PuzzlePanel
from widgets.session import FORCED, Forward, ReviewHost
from widgets.shared_look import set_layout, shared_layout
from widgets.table_html import esc

REVIEW_CSS = """
<style>
.parlour-review { background: #fbf8f1; color: #2b2b2b; border: 1px solid #d6d0c0; border-radius: 10px;
  padding: 6px 10px; margin: 4px 0; }
.parlour-review .widget-html-content { color: #2b2b2b; line-height: 1.35; }
.parlour-review select { font-size: 13px; }
/* the rows' label names the list for a screen reader; the summary above already says it to the eye */
.parlour-review-rows > label { position: absolute !important; width: 0 !important; height: 0 !important;
  overflow: hidden !important; white-space: nowrap !important; margin: 0 !important; padding: 0 !important; }
.parlour-review-detail { font-size: 13px; }
.parlour-review-detail p { margin: 3px 0; }
.parlour-verdict-best, .parlour-verdict-good { color: #1d6b35; font-weight: 600; }
.parlour-verdict-inaccuracy { color: #8a6d00; font-weight: 600; }
.parlour-verdict-mistake, .parlour-verdict-blunder { color: #a0281e; font-weight: 600; }
</style>
"""

class ReviewPanel(w.VBox):
    """"Review this deal": the button (in the end panel) and the review under it."""

    def __init__(self, table: ReviewHost) -> None:
        self.table = table
        self.session = session = table.session
        self._deals_ended = 0  # deals of the match over so far
        t, deal_words = table.t, table.deal_sentence  # a deal named as the table names it ("Round 3")
        self.button = w.Button(description=t("Review this deal"), icon="search", layout=shared_layout(width="auto"),
                               tooltip=t("Each of your decisions rated, with the better move"))
        set_layout(self.button, display="none")
        self.button.on_click(lambda _: self.show_review())
        self.summary_html = w.HTML()
        # a list a screen reader walks, named by its (visually hidden) label: "Your decisions"
        self.rows = w.Select(options=[], rows=8, description=t("Your decisions"), layout=shared_layout(width="100%"))
        self.rows.add_class("parlour-review-rows")
        self.rows.observe(self._picked, "value")
        self.detail_html = w.HTML()
        self.detail_html.add_class("parlour-review-detail")
        self.try_button = w.Button(description=t("Try the better move"), icon="play", button_style="success",
                                   layout=shared_layout(width="auto"),
                                   tooltip=t("Play the better move here and let the same bots play on"))
        self.try_button.on_click(lambda _: self.try_better())
        self.back_button = w.Button(description=t("Back to the end of the deal"), icon="arrow-left",
                                    layout=shared_layout(width="auto"), tooltip=t("Put the deal you played back"))
        self.back_button.on_click(lambda _: self.back())
        self.close_button = w.Button(description=t("Close the review"), layout=shared_layout(width="auto"))
        self.close_button.on_click(lambda _: self.hide_review())
        # the page's address with the deal, the bots and the moves made: the same review in another browser
        self.copy_link = CopyLink(words={"button": t("Copy review link"), "copied": t("Copied"),
                                         "tooltip": t("Copy a link that opens this review in another browser"),
                                         "by_hand": t("Copy this link:"), "field": t("Link to this review")})
        self.link_problem = ""  # why this review has no link, when it has none
        buttons = w.HBox([self.try_button, self.back_button, self.close_button, self.copy_link])
        buttons.add_class("parlour-buttons")
        # any finished deal of a match, on its own, while the match goes on and after it (the end panel's button
        # reviews the whole match): the one just finished, or another picked in the menu beside it
        self.deal_picker = w.Dropdown(options=[], layout=shared_layout(width="auto", display="none"),
                                      tooltip=deal_words(N_("Which finished deal to review"),
                                                         N_("Which finished round to review")))
        self.deal_picker.add_class("parlour-aid")
        self.deal_button = w.Button(icon="search", layout=shared_layout(width="auto", display="none"),
                                    tooltip=deal_words(N_("Your decisions in that deal, rated"),
                                                       N_("Your decisions in that round, rated")))
        self.deal_button.on_click(lambda _: self.show_review(deal=self.deal_picker.value))
        self.deal_picker.observe(lambda _: self._name_deal_button(), "value")
        deals = w.HBox([self.deal_button, self.deal_picker])
        deals.add_class("parlour-buttons")
        self.body = w.VBox([self.summary_html, self.rows, self.detail_html, buttons])
        self.body.add_class("parlour-review")
        set_layout(self.body, display="none")
        # the puzzles made of your mistakes (issue 37): due ones, and each finished deal's, under the review
        self.puzzles = PuzzlePanel(table.lang, table.game_id, host=self)
        super().__init__([w.HTML(REVIEW_CSS), deals, self.body, self.puzzles])
        self._deal: int | None = None  # the deal reviewed (None: the whole game)
        self._deal_of: dict[int, int] = {}  # history index → its deal (1, 2, …), from the last replay
        self.evaluation = session.evaluation  # each of your decisions, evaluated as you make it
        self._shown: engine.Game | None = None  # the replay on the table while you look at a decision
        self.review: Review | None = None
        self.viewing: Entry | None = None
        self._labels: dict[int, tuple[str, str]] = {}

    # ---- following the deal ----
    @property
    def looking(self) -> bool:
        """Whether the table shows a past decision (or a try from it) instead of the deal you played."""
        return self._shown is not None

    # the session's evaluation of your decisions, by the names the panel has always used
    _game = Forward[engine.Game | None]("evaluation.game")  # the deal you played (kept while a past one is shown)
    _jobs = Forward[dict[int, tuple[str, Future | None, tuple]]]("evaluation.jobs")  # index → (move, job, inputs)
    background = Forward[bool | None]("evaluation.background")  # evaluate in a thread (None: when a loop runs)

    def sync(self) -> None:
        """After each drawing of the table: queue the evaluation of your new decisions."""
        game = self.session.game  # None while the table is being built
        if game is None or not self.session.reviewable:
            return
        if self.looking and game is self._shown:
            return  # a past position (or a try from it) is on the table: the deal you played is kept
        if self.looking:  # a new deal, a resumed game: the look back is over
            self._leave()
        if self.evaluation.follow(game):  # another game than before: its review starts closed
            self.review, self.viewing = None, None
            set_layout(self.body, display="none")
        set_layout(self.button, display="" if game.is_over else "none")
        self._offer_deals(game)
        self.puzzles.follow(game, self.session.human, self.looking, self.session.kept_review)

    def _offer_deals(self, game: engine.Game) -> None:
        """Every finished deal of a match stays offered for review, from the first one's end to the match's
        and after it; the newest is picked as it ends. A game of one deal has only the end panel's button."""
        over = game.is_over
        ended = game.progress()["deal"] - (0 if over else 1)  # deals are numbered as the table numbers them
        if ended != self._deals_ended:
            self._deals_ended = ended
            self.deal_picker.options = [(self.table.deal_name(k), k) for k in range(1, ended + 1)]
            self.deal_picker.value = ended if ended else None
        offered = ended >= 1 and (not over or ended >= 2)
        set_layout(self.deal_button, display="" if offered else "none")
        set_layout(self.deal_picker, display="" if offered and ended >= 2 else "none")
        self._name_deal_button()

    def _name_deal_button(self) -> None:
        """"Review deal 2" ("Review round 2"): the deal the menu picks."""
        picked = self.deal_picker.value
        self.deal_button.description = "" if picked is None else \
            self.table.deal_sentence(N_("Review deal {k}"), N_("Review round {k}"), k=picked)

    @property
    def pending(self) -> int:
        """Decisions still being evaluated."""
        return self.evaluation.pending

    # ---- the review ----
    def show_review(self, deal: int | None = None) -> Review:
        """Show the review of the game on the table, or of one of its deals (1, 2, …), waiting only for
        decisions not yet evaluated."""
        game = self._game
        assert game is not None
        self._deal_of, self._labels = self._replay(game)
        self._deal = deal
        self.review = self.session.review(self._deal_of, deal)
        try:  # a match too long for a page's address gets no link (one that would be refused), and says why
            self.copy_link.query, self.link_problem = self.link_query(), ""
        except ReviewLinkError as exc:
            self.copy_link.query, self.link_problem = "", said(exc, self.table.lang)
        set_layout(self.copy_link, display="" if self.code_deals_this_game() and not self.link_problem else "none")
        self._draw()
        set_layout(self.body, display="")
        return self.review

    def link_query(self) -> str:
        """The review link's query: the deal code, the bots' level, the game, and the moves made up to the
        end of the deal reviewed (the whole game when the match is reviewed)."""
        game, table = self._game, self.table
        assert game is not None
        stop = None
        if self._deal is not None:
            stop = 1 + max((i for i, k in self._deal_of.items() if k == self._deal), default=-1)
        return link_query(table.code, table.level, table.game_id, moves_code(game, stop))

    def code_deals_this_game(self) -> bool:
        """Whether the table's deal code deals this game's settings (else a review link would be refused)."""
        return self.table.code_deals_this_game()

    def follow_link(self, code: str | None, moves: str) -> None:
        """A review link: deal ``code``, replay ``moves`` (each checked by the rules) and open the review.

        A link that is not one (cut, changed, made on another deal) raises a ParlourError and the
        table keeps the deal it had.
        """
        if code is None:
            raise ReviewLinkError(Sentence(N_("This review link gives moves but no deal.")))
        played = self.table.deal_and_replay(code, moves)  # a link that is not one: refused, the table unchanged
        self.session.put(played, look=True, play_on=False)
        self.show_review(deal=None if played.is_over else max(played.progress()["deal"] - 1, 1))
        self.session.after_move()  # a match under way: the bots play on, as after "Review deal k"

    @property
    def deals(self) -> int:
        """How many deals the game reviewed has reached (from the last replay)."""
        return max(self._deal_of.values(), default=1)

    def hide_review(self) -> None:
        if self.looking:
            self.back()
        set_layout(self.body, display="none")

    def _draw(self) -> None:
        review, t, lang = self.review, self.table.t, self.table.lang
        assert review is not None
        title = (t("Review of the match") if self.deals > 1 else t("Review of this deal")) if self._deal is None \
            else self.table.deal_sentence(N_("Review of deal {k}"), N_("Review of round {k}"), k=self._deal)
        self.summary_html.value = (
            f"<b>{esc(title)}</b><p>{esc(review.summary_words(lang))}</p>"
            f"<p class='parlour-setting-help'>{esc(say(lang, ACCURACY_DEFINITION))} "
            f"{esc(self.thresholds_words())}</p>"
            + (f"<p class='parlour-setting-help'>{esc(self.link_problem)}</p>" if self.link_problem else ""))
        self.rows.options = [(self.row_text(e), i) for i, e in enumerate(review.entries)]
        self.rows.value = None
        self.detail_html.value = ""
        self._buttons()

    def thresholds_words(self) -> str:
        """"In this game an inaccuracy costs 1 or more points, a mistake 3 or more, a blunder 8 or more.\"
        A game without an inaccuracy step says so, and why, instead of naming a step no cost can reach."""
        game = self._game
        assert game is not None
        limits, t = thresholds_for(game.id), self.table.t
        lang = self.table.lang
        steps = {"m": claims._number(limits.mistake, lang), "b": claims._number(limits.blunder, lang),
                 "unit": t(limits.unit)}
        if limits.no_inaccuracy:
            return t("In this game no move is called an inaccuracy: {why}. A mistake costs {m} or more {unit}, "
                     "a blunder {b} or more.", why=t(limits.no_inaccuracy), **steps)
        return t("In this game an inaccuracy costs {a} or more {unit}, a mistake {m} or more, a blunder {b} or more.",
                 a=claims._number(limits.inaccuracy, lang), **steps)

    def row_text(self, entry: Entry) -> str:
        """One line: which decision, what you did, the verdict and its cost."""
        t = self.table.t
        mine, better = self._labels.get(entry.index, (entry.action, entry.best))
        verdict = t(VERDICT_WORDS[entry.verdict])
        text = t("{k}. You: {move} — {verdict}", k=self._number(entry), move=mine, verdict=verdict)
        if self._deal is None and self.deals > 1:
            text = self.table.deal_name(self._deal_of[entry.index]) + " · " + text
        if entry.loss > 0:
            text += t(" (cost {cost}); better: {better}", cost=claims._number(round(entry.loss, 2), self.table.lang),
                      better=better)
        return text

    def _number(self, entry: Entry) -> int:
        assert self.review is not None
        return self.review.entries.index(entry) + 1

    def detail_html_for(self, entry: Entry) -> str:
        t, lang = self.table.t, self.table.lang
        mine, better = self._labels.get(entry.index, (entry.action, entry.best))
        kind = entry.verdict
        parts = [f"<p><b>{esc(t('Decision {k}', k=self._number(entry)))}</b>: {esc(t('you chose {move}', move=mine))}"
                 f" — <span class='parlour-verdict-{kind}'>{esc(t(VERDICT_WORDS[kind]))}</span>.</p>"]
        if entry.loss > 0:
            parts.append(f"<p>{esc(t('Cost'))}: {esc(entry.loss_words(lang))}.</p>")
            if entry.within_noise:
                same = t("The two moves cannot be told apart: the difference is within the noise of the estimates.")
                parts.append(f"<p>{esc(same)}</p>")
            parts.append(f"<p>{esc(t('Better: {move}', move=better))} — {esc(entry.best_note)}.</p>")
            parts.append(f"<p>{esc(t('Your move'))}: {esc(entry.note)}.</p>")
        parts.append(f"<p><i>{esc(t('Why'))}:</i> {esc(entry.reason)}</p>")
        return "".join(parts)

    def _replay(self, game: engine.Game) -> tuple[dict[int, int], dict[int, tuple[str, str]]]:
        """One replay of the game: each move's deal (1, 2, …, numbered as the table numbers them: a Klaberjass
        deal thrown in counts), and each evaluated decision's moves in the table's words, said as the table was
        then (a card named by the discard it took, say)."""
        deal_of: dict[int, int] = {}
        labels: dict[int, tuple[str, str]] = {}
        replay = type(game)(**game.setup_args())
        for index, (who, action) in enumerate(game.history):
            deal_of[index] = replay.progress()["deal"]
            if who == self.session.human and index in self._jobs:
                result = self.evaluation.result(index)
                if isinstance(result, Entry):
                    labels[index] = (self.table.label_at(replay, action), self.table.label_at(replay, result.best))
            replay.apply(action, who)
        return deal_of, labels

    # ---- looking back, and trying the better move ----
    def _picked(self, change: Any) -> None:
        if change["new"] is not None and self.review is not None:
            self.look_at(self.review.entries[change["new"]])

    def look_at(self, entry: Entry) -> None:
        """Put the table as it was at ``entry``'s decision (your view of it) on the screen."""
        table, game = self.table, self._game
        assert game is not None
        self.show_position(game.replayed(game.history[:entry.index]),
                           table.t("The table as it was at your decision {k}.", k=self._number(entry)) + " "
                           + table.t("Try the better move, or make another move yourself; Back returns to your game."),
                           entry)
        self.detail_html.value = self.detail_html_for(entry)
        self._buttons()

    def show_position(self, position: engine.Game, words: str, entry: Entry | None = None) -> None:
        """Put ``position`` on the table (drawn from your view) in place of your game, saying ``words``: a decision
        of the review (``entry``), or a puzzle's position (widgets/puzzles.py). Back returns to your game."""
        session = self.session
        session.saves_paused = True  # a look back is never kept as your game
        session.halt()
        self._shown = position
        self.viewing = entry
        session.put(position, look=True, play_on=False)
        self.table.say(esc(words))
        self._buttons()

    def try_better(self) -> bool:
        """Play the better move at the decision shown; the same bots play on from there."""
        entry = self.viewing
        if entry is None or self._shown is None or len(self._shown.history) != entry.index:
            return False
        self.try_button.disabled = True
        return self.play_from(entry.best)

    def play_from(self, move: str) -> bool:
        """Play ``move`` in the position shown; the same bots play on from there."""
        if self.session.my_turn():
            return self.table.act(move)
        self.session.move(move)  # a move out of turn (a call in Kalooki): as the table's own button
        return True

    def back(self) -> None:
        """The deal you played back on the table, at its end, with the review."""
        if not self.looking:
            return
        self._leave()
        self.viewing = None
        self.rows.value = None
        self.detail_html.value = ""
        assert self._game is not None
        self.session.put(self._game, look=True, play_on=False)
        self._buttons()
        if not self._game.is_over:
            self.session.after_move()  # a match under way: the bots play on from where they were

    def _leave(self) -> None:
        self.session.halt()
        self._shown = None
        self.session.saves_paused = False

    def _buttons(self) -> None:
        at_decision = self.viewing is not None and self._shown is not None \
            and len(self._shown.history) == self.viewing.index
        self.try_button.disabled = not (at_decision and self.viewing is not None
                                        and self.viewing.best != self.viewing.action)
        set_layout(self.back_button, display="" if self.looking else "none")
        over = self._game is not None and self._game.is_over
        self.back_button.description = self.table.t("Back to the end of the deal" if over else "Back to your game")


__all__ = ["FORCED", "ReviewPanel"]
