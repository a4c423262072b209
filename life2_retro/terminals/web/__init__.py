"""A seat in a web browser: life2 serves one page, and the page is a Model 33 or a glass terminal.

The page draws the paper and the tube from the project's own typeface and
plays the machine's own sounds (assets.py); the server (server.py) is an
asyncio loop in a thread of its own with a WebSocket per page, behind the
network seat's door (door.py). The terminal the game writes to (line.py) never
waits for a page: its output goes on the line at the line's pace from a
bounded queue, and a page that does not keep up is closed, as a dropped
connection is.
"""
