"""Drives `damka gui` in a headless Chromium through Selenium, by clicks as a person would.

Plays a game of Russian checkers to its end against the engine (depth 1), takes a move back on
the way, refuses an illegal click with a message, sets positions from FEN (and refuses a broken
one), builds a Bashni tower by a capture clicked square by square, plays an Ugolki jump chain
and a Fuk huff, and saves a screenshot of every game's board to docs/gui/<game>.png.

    scripts/dev/gui_browser_test.py <damka binary> <chromedriver> <chromium> <screenshot dir>

Run through scripts/dev/gui_browser_test.sh, which installs what it needs.
"""

import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

TIMEOUT = 30.0
GAMES = [
    "russian", "giveaway", "brazilian", "international", "turkish", "fuk", "ugolki",
    "ugolki-diagonal", "bashni", "lasca",
]


def fail(text):
    raise AssertionError(text)


class Page:
    def __init__(self, driver):
        self.d = driver

    def state(self):
        return self.d.execute_script("return window.damka.state")

    def states(self):
        return self.d.execute_script("return window.damka.states")

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

    def message(self):
        return self.d.find_element(By.ID, "message").text

    def click(self, square):
        # The board is redrawn on every state; a square found just before may be replaced.
        for _ in range(20):
            try:
                self.d.find_element(By.CSS_SELECTOR, f'#board [data-square="{square}"]').click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        fail(f"cannot click {square}")

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

    def set_fen(self, fen):
        """Sets a position and waits for it (the FEN as written, or an error message)."""
        self.type_into("fen", fen)
        before = self.states()
        self.d.execute_script("document.getElementById('message').textContent = ''")
        self.button("fen-set")
        deadline = time.time() + TIMEOUT
        while self.states() == before and not self.message():
            if time.time() > deadline:
                fail(f"no answer to the FEN {fen}")
            time.sleep(0.02)

    def play_path(self, move):
        """Clicks the move's huff square, if any, then every square of its path."""
        before = len(self.state()["history"])
        if move.get("huff"):
            self.click(move["huff"])
        for square in move["path"]:
            self.click(square)
        return self.wait(lambda s: len(s["history"]) > before, f"the move {move['text']}")

    def screenshot(self, directory, name):
        self.d.find_element(By.TAG_NAME, "main").screenshot(os.path.join(directory, name + ".png"))


def russian_game(page, shots):
    """A whole game against the engine at depth 1; the human plays the first legal move that
    captures most, else the first listed."""
    page.type_into("depth", "1")
    state = page.new_game("russian", side="white")
    # An illegal click: an empty square, then a piece that cannot move.
    page.click("e5")
    if "Illegal" not in page.message():
        fail(f"no message for an illegal click: {page.message()!r}")
    page.click("a1")
    if "Illegal" not in page.message():
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
        moves = state["moves"]
        move = max(moves, key=lambda m: len(m["captured"]))
        if not move["captured"]:
            move = moves[len(state["history"]) % len(moves)]
        page.play_path(move)
    else:
        fail("the game did not end in 400 turns")
    if not took_back:
        fail("the game ended before the take-back was tried")
    result = page.d.find_element(By.ID, "result").text
    if "wins" not in result and "draw" not in result:
        fail(f"the result is not shown: {result!r}")
    # Browse back to an earlier position and return.
    page.d.find_element(By.CSS_SELECTOR, '#movelist .mv[data-ply="1"]').click()
    page.d.execute_script("return 0")
    deadline = time.time() + TIMEOUT
    while page.d.execute_script("return window.damka.view") is None:
        if time.time() > deadline:
            fail("the move list does not show an earlier position")
        time.sleep(0.02)
    page.button("live")
    page.screenshot(shots, "russian")
    print(f"russian: {len(state['history'])} plies, {result}")
    # PDN out and back in.
    fen = state["fen"]
    page.button("pdn-export")
    deadline = time.time() + TIMEOUT
    while "[GameType" not in page.d.find_element(By.ID, "pdn").get_attribute("value"):
        if time.time() > deadline:
            fail("no PDN export")
        time.sleep(0.02)
    page.new_game("international")
    before = page.states()
    page.button("pdn-import")
    page.wait_fresh(before, lambda s: s["variant"] == "russian" and s["fen"] == fen, "the imported game")
    page.type_into("depth", "0")


def fen_positions(page):
    state = page.new_game("russian")
    fen = "W:Wc3,Ka1:Bd4,f6,h8:H0:F20"
    page.set_fen(fen)
    state = page.wait(lambda s: "Ka1" in s["fen"],
                      "the FEN position")
    page.set_fen("W:Wz9")
    if "FEN" not in page.message():
        fail(f"no message for a broken FEN: {page.message()!r}")
    if page.state()["fen"] != state["fen"]:
        fail("a broken FEN changed the position")
    # The capture is chosen square by square: c3, e5, g7.
    capture = next(m for m in page.state()["moves"] if m["path"][0] == "c3")
    page.play_path(capture)


def bashni(page, shots):
    page.new_game("bashni")
    page.set_fen("W:c3w,d4b,f6b,a7b:H0:F1")
    page.wait(lambda s: s["fen"].startswith("W:c3w"), "the Bashni position")
    page.click("c3")
    page.click("e5")
    state = page.state()
    if state["history"]:
        fail("half a capture was played")
    page.click("g7")
    state = page.wait(lambda s: len(s["history"]) == 1, "the Bashni capture")
    g7 = next(c for c in state["board"]["cells"] if c["name"] == "g7")
    if g7["stack"] != "wbb":
        fail(f"the tower on g7 is {g7['stack']!r}, not wbb")
    if not page.d.find_elements(By.CSS_SELECTOR, '[data-square="g7"] .height'):
        fail("the tower's height is not drawn")
    page.screenshot(shots, "bashni")


def ugolki(page, shots):
    page.new_game("ugolki", options={"UgolkiHouse": "3x3"})
    page.set_fen("W:Wa1,a2,b3:Bh8,h7,g8:F5")
    page.wait(lambda s: s["fen"].startswith("W:Wa1"), "the Ugolki position")
    page.click("a1")
    page.click("c3")
    state = page.wait(lambda s: len(s["history"]) == 1, "the Ugolki jump chain")
    if state["history"][0]["text"] != "a1-c3":
        fail(f"the chain was played as {state['history'][0]['text']}")
    page.new_game("ugolki", options={"UgolkiHouse": "3x3"})
    page.screenshot(shots, "ugolki")


def fuk(page, shots):
    page.new_game("fuk")
    page.set_fen("B:Wc3,e3:Bd4,h8:Uc3")
    page.wait(lambda s: "Uc3" in s["fen"], "the Fuk position")
    page.click("c3")
    page.click("d4")
    page.click("f2")
    state = page.wait(lambda s: len(s["history"]) == 1, "the huff")
    if state["history"][0]["text"] != "c3*d4:f2":
        fail(f"the huff was played as {state['history'][0]['text']}")
    page.new_game("fuk")
    page.screenshot(shots, "fuk")


def analysis(page):
    page.new_game("russian")
    page.type_into("multipv", "2")
    page.button("analyze")
    deadline = time.time() + TIMEOUT
    while len(page.d.find_elements(By.CSS_SELECTOR, "#analysis .line")) < 2:
        if time.time() > deadline:
            fail("no analysis lines")
        time.sleep(0.05)
    page.button("analyze")
    page.type_into("multipv", "1")


def main():
    damka, chromedriver, chromium, shots = sys.argv[1:5]
    os.makedirs(shots, exist_ok=True)
    server = subprocess.Popen([damka, "gui", "--port", "0", "--no-open"],
                              stdout=subprocess.PIPE, text=True)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1100,900"):
        options.add_argument(flag)
    profile = tempfile.TemporaryDirectory()
    options.add_argument("--user-data-dir=" + profile.name)
    driver = None
    try:
        line = server.stdout.readline().strip()
        if not line.startswith("damka gui: http://"):
            fail(f"unexpected first line {line!r}")
        url = line.split(": ", 1)[1]
        driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        driver.get(url)
        page = Page(driver)
        page.wait(lambda s: True, "the first state")
        start = time.time()
        russian_game(page, shots)
        fen_positions(page)
        bashni(page, shots)
        ugolki(page, shots)
        fuk(page, shots)
        analysis(page)
        for game in GAMES:
            if not os.path.exists(os.path.join(shots, game + ".png")) or game in (
                    "giveaway", "brazilian", "international", "turkish", "ugolki-diagonal",
                    "lasca"):
                page.new_game(game)
                page.screenshot(shots, game)
        print(f"gui browser test: passed in {time.time() - start:.1f} s")
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
