"""Drives `damka gui` in a headless Chromium through Selenium, by clicks and drags as a person
would.

Covers: a whole game of Russian checkers against the engine (depth 1) with a take-back and
illegal clicks explained, the result and its reason, a review of that game, Analyse on the
finished game; browsing by buttons, keys and the move list; the engine taking over when "I play"
changes mid-game; a reload that finds the same game, and a link that carries it; a piece
dragged and dropped; a compulsory capture explained; FEN by Enter, as a pasted PDN tag, and
Bashni's one-piece-per-square form; a Bashni tower captured square by square and a tower of
eight drawn whole with its height; the editor building a tower and keeping a refused setup;
Ugolki's houses, title and deadline note; a Fuk huff; analysis following the viewed position
with a line played from it; a whole-game review marking a blunder in the move list and the
graph; clocks with an increment, a flag that falls, resignation and a draw agreed; the flipped
eval bar; no console errors; 400 and 360 px wide windows with nothing off-screen; a server
killed and started again, the page saying so and coming back to the same game. Saves every
game's board at desktop and phone width.

    scripts/dev/gui_browser_test.py <damka binary> <chromedriver> <chromium> <screenshot dir>

Run through scripts/dev/gui_browser_test.sh, which installs what it needs.
"""

import os
import socket
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

TIMEOUT = 30.0
GAMES = [
    "russian", "giveaway", "brazilian", "international", "turkish", "fuk", "ugolki",
    "ugolki-diagonal", "bashni", "lasca",
]
# A position to show for some games, so that their specifics are on the screenshots.
SHOW_FEN = {
    "bashni": "W:c3wbbwbwbb,e3w,d4bw,f6b,h6bwwb,a7b,c7b:H0:F12",
    "lasca": "W:a1w,c1w,b2wb,d4bwbw,f4W,c5b,e5bw,g7b",
}


def fail(text):
    raise AssertionError(text)


def step(name):
    print(f"gui browser test: {name}", flush=True)


class Page:
    def __init__(self, driver):
        self.d = driver

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def state(self):
        return self.js("return window.damka.state")

    def states(self):
        return self.js("return window.damka.states")

    def wait_fresh(self, before, predicate, what):
        """Waits for a state that arrived after `before` states and fits `predicate`."""
        return self.wait(lambda s: self.states() > before and predicate(s), what)

    def wait(self, predicate, what):
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            state = self.state()
            if state is not None and predicate(state):
                return state
            time.sleep(0.02)
        fail(f"timed out waiting for {what}; message: {self.message()!r}")

    def until(self, check, what, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.05)
        fail(f"timed out waiting for {what}; message: {self.message()!r}")

    def message(self):
        try:
            return self.d.find_element(By.ID, "message").text
        except Exception:  # noqa: BLE001 - the page may be reloading
            return ""

    def text(self, ident):
        return self.d.find_element(By.ID, ident).text

    def square(self, name):
        return self.d.find_element(By.CSS_SELECTOR, f'#board [data-square="{name}"]')

    def click(self, square):
        # The board is redrawn on every state; a square found just before may be replaced.
        for _ in range(20):
            try:
                self.square(square).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        fail(f"cannot click {square}")

    def centre(self, name):
        return self.js("""const r = document.querySelector(`#board [data-square="${arguments[0]}"]`)
            .getBoundingClientRect(); return [Math.round(r.left + r.width / 2),
            Math.round(r.top + r.height / 2)];""", name)

    def drag(self, start, end):
        """Presses on `start`, moves the pointer in steps to `end` and lets go there."""
        (x0, y0), (x1, y1) = self.centre(start), self.centre(end)
        actions = ActionBuilder(self.d)
        pointer = actions.pointer_action
        pointer.move_to_location(x0, y0)
        pointer.pointer_down()
        for i in range(1, 6):
            pointer.move_to_location(x0 + (x1 - x0) * i // 5, y0 + (y1 - y0) * i // 5)
        pointer.pointer_up()
        actions.perform()

    def button(self, ident):
        self.d.find_element(By.ID, ident).click()

    def select(self, ident, value):
        Select(self.d.find_element(By.ID, ident)).select_by_value(value)

    def type_into(self, ident, text):
        field = self.d.find_element(By.ID, ident)
        field.clear()
        field.send_keys(text)

    def new_game(self, variant, side="both", options=None):
        """Starts a game of `variant`, setting its own options (by name) on the page first."""
        self.select("variant", variant)
        for name, value in (options or {}).items():
            control = self.d.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')
            Select(control).select_by_value(value)
        self.select("side", side)
        before = self.states()
        self.button("new")
        return self.wait_fresh(before, lambda s: s["variant"] == variant and not s["history"]
                               and (side == "both" or not s["searching"] or s["side"] != side),
                               f"a new game of {variant}")

    def set_fen(self, fen, enter=False):
        """Sets a position and waits for it (the FEN as written, or an error message)."""
        before = self.states()
        self.js("document.getElementById('message').textContent = ''")
        if enter:
            self.type_into("fen", fen + Keys.ENTER)
        else:
            self.type_into("fen", fen)
            self.button("fen-set")
        self.until(lambda: self.states() != before or self.message(), f"an answer to {fen}")

    def play_path(self, move):
        """Clicks the move's huff square, if any, then every square of its path."""
        before = len(self.state()["history"])
        if move.get("huff"):
            self.click(move["huff"])
        for square in move["path"]:
            self.click(square)
        return self.wait(lambda s: len(s["history"]) > before, f"the move {move['text']}")

    def view_ply(self):
        return self.js("return window.damka.view ? window.damka.view.ply : null")

    def screenshot(self, directory, name):
        self.d.find_element(By.TAG_NAME, "main").screenshot(os.path.join(directory, name + ".png"))

    def window_shot(self, directory, name):
        """The window from the top of the page, as a phone shows it."""
        self.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        time.sleep(0.1)
        self.d.save_screenshot(os.path.join(directory, name + ".png"))

    def cell(self, state, name):
        return next(c for c in state["board"]["cells"] if c["name"] == name)


def russian_game(page, shots):
    """A whole game against the engine at depth 1; the human plays the first legal move that
    captures most, else one of the others."""
    step("a game against the engine")
    page.type_into("depth", "1")
    state = page.new_game("russian", side="white")
    # Illegal clicks: an empty square, then a piece that cannot move.
    page.click("e5")
    if "empty" not in page.message():
        fail(f"no message for an empty square: {page.message()!r}")
    page.click("a1")
    if "cannot move" not in page.message():
        fail(f"no message for a blocked piece: {page.message()!r}")
    if page.state()["history"]:
        fail("an illegal click changed the game")
    took_back = False
    for _ in range(400):
        state = page.wait(lambda s: s["result"] != "ongoing"
                          or (s["side"] == "white" and not s["searching"]),
                          "the human's turn")
        if state["result"] != "ongoing":
            break
        if len(state["history"]) >= 10 and not took_back:
            plies = len(state["history"])
            page.button("takeback")
            page.wait(lambda s: len(s["history"]) == plies - 2, "the take-back")
            took_back = True
            continue
        if not took_back and len(state["history"]) == 4:
            # The engine's thinking is not shown as analysis.
            if page.d.find_elements(By.CSS_SELECTOR, "#analysis .line"):
                fail("the engine's thinking shows in the analysis box")
        moves = state["moves"]
        move = max(moves, key=lambda m: len(m["captured"]))
        if not move["captured"]:
            move = moves[len(state["history"]) % len(moves)]
        page.play_path(move)
    else:
        fail("the game did not end in 400 turns")
    if not took_back:
        fail("the game ended before the take-back was tried")
    result = page.text("result")
    if ("wins" not in result and "draw" not in result) or not state["reason"]:
        fail(f"the result is not shown with its reason: {result!r}, {state['reason']!r}")
    if state["reason"] not in result or "to move" in page.text("status"):
        fail(f"the status does not give the reason: {page.text('status')!r}, {result!r}")
    # The whole game reviewed: the human's random moves give some away.
    page.type_into("depth", "3")
    before = page.states()
    page.button("review")
    state = page.wait_fresh(before, lambda s: not s["reviewing"] and s["history"][0]["score"],
                            "the review of the game")
    marked = [p["mark"] for p in state["history"] if p["mark"]]
    if not marked:
        fail("the review of a game of random moves marked nothing")
    page.type_into("depth", "1")
    page.screenshot(shots, "russian-review")
    # Analyse on the finished game: refused with a reason, and the button comes back.
    page.button("analyze")
    page.until(lambda: page.text("analyze") == "Analyse" and "no legal move" in page.message(),
               "the refused analysis of a finished game")
    # Browse: the first position, one on, by the keyboard, and back to the end.
    page.button("first")
    page.until(lambda: page.view_ply() == 0, "the first position")
    page.button("forward")
    page.until(lambda: page.view_ply() == 1, "one move on")
    page.d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    page.until(lambda: page.view_ply() == 2, "the right arrow key")
    page.d.find_element(By.CSS_SELECTOR, '#movelist .mv[data-ply="1"]').click()
    page.until(lambda: page.view_ply() == 1, "a move clicked in the list")
    page.button("last")
    page.until(lambda: page.view_ply() is None, "the last position")
    print(f"russian: {len(state['history'])} plies, {result}, marks {marked}")
    # PDN out and back in.
    fen = state["fen"]
    page.button("pdn-export")
    page.until(lambda: "[GameType" in page.d.find_element(By.ID, "pdn").get_attribute("value"),
               "the PDN export")
    page.new_game("international")
    before = page.states()
    page.button("pdn-import")
    page.wait_fresh(before, lambda s: s["variant"] == "russian" and s["fen"] == fen,
                    "the imported game")
    if Select(page.d.find_element(By.ID, "side")).first_selected_option.get_attribute("value") \
            != "both":
        fail("the side was changed by the PDN import")


def switch_sides(page):
    """Both sides, c3-d4, then "I play: White": the engine answers for Black."""
    step("the engine takes over when the side changes")
    page.new_game("russian", side="both")
    page.click("c3")
    page.click("d4")
    page.wait(lambda s: len(s["history"]) == 1, "c3-d4")
    time.sleep(0.3)
    if len(page.state()["history"]) != 1:
        fail("the engine moved while both sides were played")
    page.select("side", "white")
    state = page.wait(lambda s: len(s["history"]) == 2, "the engine's answer for Black")
    return state


def reload_keeps_the_game(page, before):
    step("a reload finds the same game")
    moves = [p["text"] for p in before["history"]]
    page.d.refresh()
    state = page.wait(lambda s: [p["text"] for p in s["history"]] == moves
                      and s["variant"] == before["variant"], "the same game after a reload")
    side = Select(page.d.find_element(By.ID, "side")).first_selected_option.get_attribute("value")
    if side != "white":
        fail(f"the side played is {side} after the reload")
    # A link carries the game too, without the browser's storage.
    # The page's parts may still be moving after the restored game was drawn: the click is
    # tried again if it fell beside the button.
    link = None
    for attempt in range(5):
        if attempt:
            print(f"gui browser test: the Link button clicked again ({attempt})")
        page.button("link")
        deadline = time.time() + 2
        while time.time() < deadline and "#game=" not in page.d.current_url:
            time.sleep(0.05)
        if "#game=" in page.d.current_url:
            link = page.d.current_url
            break
    if link is None:
        fail("the Link button does not put the game in the address")
    page.js("localStorage.clear()")
    page.d.get("about:blank")
    page.d.get(link)
    state = page.wait(lambda s: [p["text"] for p in s["history"]] == moves, "the game of the link")
    page.select("side", "white")
    return state


def drag_a_piece(page):
    step("drag and drop")
    state = page.wait(lambda s: s["side"] == "white" and not s["searching"], "White's turn")
    move = next(m for m in state["moves"] if len(m["path"]) == 2)
    plies = len(state["history"])
    page.drag(move["path"][0], move["path"][1])
    state = page.wait(lambda s: len(s["history"]) > plies, f"the dragged move {move['text']}")
    if state["history"][plies]["text"] != move["text"]:
        fail(f"the drag played {state['history'][plies]['text']}, not {move['text']}")
    page.wait(lambda s: len(s["history"]) >= plies + 2, "the engine's answer")
    page.select("side", "both")


def fen_positions(page):
    step("FEN input and a compulsory capture")
    page.new_game("russian")
    page.set_fen("W:Wc3,g3,Ka1:Bd4,f6,h8:H0:F20", enter=True)
    state = page.wait(lambda s: "Ka1" in s["fen"], "the FEN set by Enter")
    page.click("g3")
    text = page.message()
    if "capture is compulsory" not in text or "c3" not in text:
        fail(f"the compulsory capture is not explained: {text!r}")
    page.set_fen("W:Wz9")
    if "FEN" not in page.message():
        fail(f"no message for a broken FEN: {page.message()!r}")
    if page.state()["fen"] != state["fen"]:
        fail("a broken FEN changed the position")
    page.set_fen('[FEN "W:Wc3:Bd6"]')
    page.wait(lambda s: s["fen"].startswith("W:Wc3:Bd6"), "the FEN pasted as a PDN tag")
    if page.message():
        fail(f"an error stays after a success: {page.message()!r}")
    page.set_fen("W:Wc3,Ka1:Bd4,f6,h8:H0:F20")
    page.wait(lambda s: "Ka1" in s["fen"], "the capture position")
    # The capture is chosen square by square: c3, e5, g7.
    capture = next(m for m in page.state()["moves"] if m["path"][0] == "c3")
    page.play_path(capture)


def tower_box_fits(page, name):
    """The tower's top piece and height badge lie inside its square."""
    time.sleep(0.3)  # the move's animation
    return page.js("""
        const sq = document.querySelector(`#board [data-square="${arguments[0]}"]`);
        const r = sq.getBoundingClientRect();
        const inside = (el) => { const e = el.getBoundingClientRect();
            return e.left >= r.left - 1 && e.right <= r.right + 1 && e.top >= r.top - 1 &&
                   e.bottom <= r.bottom + 1 && e.width > r.width * 0.4; };
        const top = sq.querySelector('.disc.top'), h = sq.querySelector('.height');
        return !!top && !!h && inside(top) && h.getBoundingClientRect().right <= r.right + 1 &&
               h.getBoundingClientRect().bottom <= r.bottom + 1 ? h.textContent : null;
    """, name)


def bashni(page, shots):
    step("Bashni: towers")
    page.new_game("bashni")
    page.set_fen("W:Wc3:Bd4")
    page.wait(lambda s: s["fen"].startswith("W:c3w,d4b"), "the one-piece-per-square FEN")
    page.set_fen("W:c3w,d4b,f6b,a7b:H0:F1")
    page.wait(lambda s: s["fen"].startswith("W:c3w,d4b,f6b"), "the Bashni position")
    page.click("c3")
    page.click("e5")
    if page.state()["history"]:
        fail("half a capture was played")
    page.click("g7")
    state = page.wait(lambda s: len(s["history"]) == 1, "the Bashni capture")
    if page.cell(state, "g7")["stack"] != "wbb":
        fail(f"the tower on g7 is {page.cell(state, 'g7')['stack']!r}, not wbb")
    if tower_box_fits(page, "g7") != "3":
        fail("the tower of three is not drawn whole with its height")
    # A tall tower: eight pieces, a black one on top.
    page.set_fen("B:c3bwwbwbwb,e3w:H0:F1")
    page.wait(lambda s: s["fen"].startswith("B:c3bwwbwbwb"), "the tall tower")
    if tower_box_fits(page, "c3") != "8":
        fail("the tower of eight is cut off or its height is not shown")
    if not page.d.find_elements(By.CSS_SELECTOR, '[data-square="c3"] .height.ob'):
        fail("the tall tower's owner (Black) is not shown")


def editor(page):
    step("the board editor")
    page.new_game("bashni")
    page.button("edit")
    page.button("edit-clear")
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value="w"]').click()
    page.click("c3")
    page.d.find_element(By.ID, "edit-under").click()
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value="b"]').click()
    page.click("c3")
    page.click("c3")
    page.d.find_element(By.ID, "edit-under").click()
    page.click("f6")
    built = page.js("return window.damka.editing['c3']")
    if built != "wbb":
        fail(f"the editor built {built!r} on c3, not wbb")
    page.button("edit-apply")
    state = page.wait(lambda s: s["fen"].startswith("W:c3wbb"), "the edited position")
    if page.cell(state, "c3")["stack"] != "wbb":
        fail(f"the edited tower was not set: {state['fen']} {page.message()!r}")
    # A refused position keeps the setup in the editor.
    page.new_game("russian")
    page.button("edit")
    page.button("edit-clear")
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value="w"]').click()
    page.click("b8")
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value="b"]').click()
    page.click("e5")
    page.button("edit-apply")
    page.until(lambda: page.message() and page.js("return !!window.damka.editing"),
               "the refused position back in the editor")
    kept = page.js("return [window.damka.editing['b8'], window.damka.editing['e5']]")
    if kept != ["w", "b"]:
        fail(f"the refused setup was not kept: {kept!r}")
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value=""]').click()
    page.click("b8")  # the white man on the crowning rank goes: the position is legal now
    page.d.find_element(By.CSS_SELECTOR, '#palette input[value="w"]').click()
    page.click("c3")
    before = page.states()
    page.button("edit-apply")
    page.wait_fresh(before, lambda s: s["fen"].startswith("W:Wc3:Be5"), "the mended position")
    if page.message():
        fail(f"the editor's error stays after a success: {page.message()!r}")


def ugolki(page, shots):
    step("Ugolki: houses, title, deadlines")
    page.new_game("ugolki", options={"UgolkiHouse": "3x4"})
    state = page.state()
    if "3x4" not in state["title"] or "3x4" not in page.text("status"):
        fail(f"the title does not name the house: {state['title']!r}")
    whites = page.d.find_elements(By.CSS_SELECTOR, "#board .house-white")
    blacks = page.d.find_elements(By.CSS_SELECTOR, "#board .house-black")
    if len(whites) != 12 or len(blacks) != 12:
        fail(f"the houses are not marked: {len(whites)} and {len(blacks)} squares")
    if "move 40" not in page.text("notes"):
        fail(f"the move-40 deadline is not said: {page.text('notes')!r}")
    page.new_game("ugolki", options={"UgolkiHouse": "3x3"})
    page.set_fen("W:Wa1,a2,b3:Bh8,h7,g8:F38")
    page.wait(lambda s: s["fen"].startswith("W:Wa1"), "the Ugolki position")
    if not page.d.find_elements(By.CSS_SELECTOR, "#notes .note.warn"):
        fail("no warning three moves before the deadline")
    page.click("a1")
    page.click("c3")
    state = page.wait(lambda s: len(s["history"]) == 1, "the Ugolki jump chain")
    if state["history"][0]["text"] != "a1-c3":
        fail(f"the chain was played as {state['history'][0]['text']}")


def fuk(page, shots):
    step("Fuk: a huff")
    page.new_game("fuk")
    page.set_fen("B:Wc3,e3:Bd4,h8:Uc3")
    page.wait(lambda s: "Uc3" in s["fen"], "the Fuk position")
    page.click("c3")
    page.click("d4")
    page.click("f2")
    state = page.wait(lambda s: len(s["history"]) == 1, "the huff")
    if state["history"][0]["text"] != "c3*d4:f2":
        fail(f"the huff was played as {state['history'][0]['text']}")


def analysis(page):
    step("analysis follows the viewed position; a line is played")
    page.new_game("russian")
    for a, b in (("c3", "d4"), ("f6", "g5"), ("g3", "h4")):
        page.click(a)
        page.click(b)
    page.wait(lambda s: len(s["history"]) == 3, "three moves")
    page.type_into("multipv", "2")
    page.button("analyze")
    page.until(lambda: len(page.d.find_elements(By.CSS_SELECTOR, "#analysis .line")) >= 2,
               "two analysis lines")
    page.button("first")
    page.until(lambda: page.js("return window.damka.analysisPly") == 0 and page.js(
        "return window.damka.lines.length > 0 && window.damka.lines[0].ply === 0"),
        "analysis of the first position")
    page.button("forward")
    page.until(lambda: page.js("return window.damka.lines.length > 0 && "
                               "window.damka.lines[0].ply === 1"), "analysis of ply 1")
    # Moves in a line do not wrap in the middle.
    if page.js("return [...document.querySelectorAll('#analysis .pvmove')]"
               ".some(e => getComputedStyle(e).whiteSpace !== 'nowrap')"):
        fail("an engine line may wrap in the middle of a move")
    before = page.states()
    # The analysis box is redrawn on every line that comes: the click and the line it shows
    # are taken at one moment.
    pv = page.js("""const pv = window.damka.lines[0].pv.slice();
        document.querySelectorAll('#analysis .line')[0].querySelectorAll('.pvmove')[1].click();
        return pv;""")
    # A state sent before the click (an analysis line arriving) still shows the old game, so
    # wait for the one whose history is the line played.
    page.wait_fresh(before, lambda s: len(s["history"]) == 3 and [
        p["text"] for p in s["history"][1:]] == pv[:2], f"the line played, {pv[:2]}")
    page.button("analyze")
    page.until(lambda: page.text("analyze") == "Analyse", "the analysis stopped")
    page.type_into("multipv", "1")


def review(page):
    step("whole-game review")
    page.new_game("russian")
    page.type_into("depth", "5")
    page.set_fen("W:We3,a1:Bg5,h8")
    page.wait(lambda s: s["fen"].startswith("W:Wa1,e3:Bg5"), "the review position")
    page.click("e3")
    page.click("f4")  # gives the man away
    page.wait(lambda s: len(s["history"]) == 1, "the blunder")
    page.click("g5")
    page.click("e3")
    page.wait(lambda s: len(s["history"]) == 2, "the capture")
    before = page.states()
    page.button("review")
    state = page.wait_fresh(before, lambda s: not s["reviewing"] and s["history"][0]["mark"],
                            "the review's marks")
    if state["history"][0]["mark"] not in ("?", "??") or state["history"][1]["mark"]:
        fail(f"the review marked {[p['mark'] for p in state['history']]}")
    if not page.d.find_elements(By.CSS_SELECTOR, "#movelist .mv .mark"):
        fail("the mark is not in the move list")
    if not page.d.find_elements(By.CSS_SELECTOR, "#graph circle.gmark"):
        fail("the mark is not on the graph")
    page.type_into("depth", "1")


def clocks_and_endings(page):
    step("clocks, resignation, a draw agreed, the flipped eval bar")
    page.type_into("tc-base", "1")
    page.type_into("tc-inc", "2")
    page.new_game("russian", side="white")
    page.click("c3")
    page.click("d4")
    page.wait(lambda s: len(s["history"]) == 2, "the engine's answer on the clock")
    left = page.js("return window.damka.clock.left.white")
    if not 60000 < left <= 62000:
        fail(f"White's clock has {left} ms after a move with a 2 s increment")
    if not page.text("clock-white").startswith("White 1:0"):
        fail(f"the clock shows {page.text('clock-white')!r}")
    page.button("resign")
    state = page.wait(lambda s: s["result"] == "black wins", "the resignation")
    if "White resigned" not in page.text("result"):
        fail(f"the resignation is not said: {page.text('result')!r}")
    # A flag that falls: 1.2 s for the game, and White does not move.
    page.type_into("tc-base", "0.02")
    page.type_into("tc-inc", "0")
    page.new_game("russian", side="white")
    page.wait(lambda s: s["result"] == "black wins", "the flag to fall")
    if "White's time ran out" not in page.text("result"):
        fail(f"the fallen flag is not said: {page.text('result')!r}")
    page.type_into("tc-base", "0")
    page.new_game("russian", side="both")
    page.button("draw")
    page.wait(lambda s: s["result"].startswith("draw"), "the draw agreed")
    page.button("flip")
    if "flipped" not in page.d.find_element(By.ID, "evalbar").get_attribute("class"):
        fail("the eval bar does not flip with the board")
    page.button("flip")


def no_console_errors(page):
    errors = [e for e in page.d.get_log("browser") if e["level"] == "SEVERE"]
    if errors:
        fail(f"console errors: {errors}")


def off_screen(page):
    """The ids of the main parts that stick out of the window, and the page's overflow."""
    return page.js("""
        const w = document.documentElement.clientWidth;
        const out = ['board', 'movelist', 'analysis', 'fen', 'graph', 'status', 'nav']
            .filter(id => { const r = document.getElementById(id).getBoundingClientRect();
                            return r.left < 0 || r.right > w + 0.5 || r.width === 0; });
        if (document.documentElement.scrollWidth > w) out.push('page ' +
            document.documentElement.scrollWidth + ' > ' + w);
        return out;
    """)


def shots_of_every_game(page, shots, suffix):
    for game in GAMES:
        page.new_game(game)
        if game in SHOW_FEN:
            page.set_fen(SHOW_FEN[game])
            page.wait(lambda s: s["history"] == [] and s["fen"].split(":")[1] ==
                      SHOW_FEN[game].split(":")[1], f"the {game} position")
        time.sleep(0.25)
        bad = off_screen(page)
        if bad:
            fail(f"{game} at {page.js('return window.innerWidth')} px: off-screen: {bad}")
        if suffix:
            page.window_shot(shots, game + suffix)
        else:
            page.screenshot(shots, game)


def phone(page, shots):
    step("400 and 360 px wide")
    page.d.set_window_size(400, 860)
    page.until(lambda: page.js("return window.innerWidth") <= 400, "a narrow window")
    shots_of_every_game(page, shots, "-phone")
    page.d.set_window_size(360, 800)
    page.until(lambda: page.js("return window.innerWidth") <= 360, "a narrower window")
    page.new_game("international")
    time.sleep(0.25)
    bad = off_screen(page)
    if bad:
        fail(f"off-screen at 360 px: {bad}")
    page.d.set_window_size(1100, 900)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(damka, port):
    server = subprocess.Popen([damka, "gui", "--port", str(port), "--no-open"],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    if not line.startswith("damka gui: http://"):
        fail(f"unexpected first line {line!r}")
    return server, line.split(": ", 1)[1]


def dead_server(page, damka, port, server):
    step("a dead server and a restarted one")
    page.new_game("russian", side="both")
    page.click("c3")
    page.click("d4")
    page.wait(lambda s: len(s["history"]) == 1, "c3-d4")
    server.terminate()
    server.wait()
    page.until(lambda: page.js("return !window.damka.connected"), "the page noticing")
    page.until(lambda: "disconnected" in page.text("status"), "the status saying so")
    if not page.d.find_element(By.ID, "new").get_attribute("disabled"):
        fail("New game is not disabled while disconnected")
    if "not connected" not in page.d.find_element(By.ID, "new").get_attribute("title"):
        fail("the disabled button does not say why")
    shown = page.text("clock-white")
    time.sleep(1.2)
    if page.text("clock-white") != shown or not page.js("return window.damka.clock.paused"):
        fail("the clock runs while disconnected")
    server, _ = start_server(damka, port)
    page.until(lambda: page.js("return window.damka.connected"), "the page reconnecting")
    page.wait(lambda s: [p["text"] for p in s["history"]] == ["c3-d4"], "the game back")
    if page.d.find_element(By.ID, "new").get_attribute("disabled"):
        fail("New game stays disabled after reconnecting")
    return server


def main():
    damka, chromedriver, chromium, shots = sys.argv[1:5]
    os.makedirs(shots, exist_ok=True)
    port = free_port()
    server, url = start_server(damka, port)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1100,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    profile = tempfile.TemporaryDirectory()
    options.add_argument("--user-data-dir=" + profile.name)
    driver = None
    try:
        driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        driver.get(url)
        page = Page(driver)
        page.wait(lambda s: True, "the first state")
        start = time.time()
        russian_game(page, shots)
        state = switch_sides(page)
        reload_keeps_the_game(page, state)
        drag_a_piece(page)
        fen_positions(page)
        bashni(page, shots)
        editor(page)
        ugolki(page, shots)
        fuk(page, shots)
        analysis(page)
        review(page)
        clocks_and_endings(page)
        no_console_errors(page)
        step("desktop screenshots")
        shots_of_every_game(page, shots, "")
        phone(page, shots)
        server = dead_server(page, damka, port, server)
        print(f"gui browser test: passed in {time.time() - start:.1f} s")
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
