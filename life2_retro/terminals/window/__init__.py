"""The pygame terminals: a Teletype Model 33 on paper and a glass terminal, each in a window.

Nothing here imports pygame until a window is opened, so the command line can
read the terminals' options without a display.
"""
