"""LIFE2's cycle figures as the meter reads them, and what the board passes share in every game, priced.

MADE by tools/make_cycle_tables.py from cycles.json (tools/fit_cycles.py's figures) and the counts of
basic/m6502.py: do not edit it, make it again (the suite makes it and compares). A module rather than
the json file, and the passes' prices made in advance rather than in each process's first game: both
cost `life2 run --cycles` more than the rest of its meter (cycle_passes.fill_in_advance says what is
priced, and for which counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cycle_parts import ClassKey
    from .cycle_passes import Neighbours
    from .cycle_walks import PrintedCount


BASES: dict[ClassKey, float] = {
    (10, 0, 13, None): 118224.0,
    (100, 0, 101, None): 3200.0,
    (100, 1, 101, None): 84.0,
    (101, 0, 102, None): 3893.5,
    (101, 0, 105, None): 7015.8,
    (102, 0, 103, None): 2689.3,
    (102, 0, 125, None): 6594.0,
    (103, 0, 120, None): 3855.3,
    (105, 0, 106, None): 3948.5,
    (105, 0, 110, None): 7282.8,
    (106, 0, 107, None): 2638.8,
    (107, 0, 120, None): 3823.0,
    (110, 0, 300, None): 1266.0,
    (110, 2, 120, None): 205.0,
    (120, 0, 100, None): 1126.7,
    (120, 0, 125, None): 1283.0,
    (125, 0, 126, None): 1289.0,
    (125, 0, 99, None): 1099.3,
    (126, 0, -1, None): 187.0,
    (13, 0, 14, None): 1079.0,
    (14, 0, 20, None): 77709.0,
    (2, 0, 4, None): 6222.0,
    (20, 0, 500, None): 2709.0,
    (200, 0, 220, False): 7880.0,
    (200, 0, 220, True): 10233.0,
    (220, 0, 230, None): 5122.0,
    (220, 1, 230, None): 84.0,
    (230, 0, 231, None): 15676.2,
    (231, 0, 220, None): 815.0,
    (231, 0, 239, None): 917.0,
    (239, 0, -1, None): 180.0,
    (300, 0, 305, None): 5663.7,
    (300, 0, 399, None): 8722.1,
    (305, 0, 310, None): 3994.0,
    (305, 1, 310, None): 84.0,
    (310, 0, 315, None): 5037.0,
    (310, 0, 350, None): 7766.0,
    (315, 0, 305, None): 815.0,
    (315, 0, 320, None): 917.0,
    (320, 0, 399, None): 3178.0,
    (350, 0, 351, None): 2334.0,
    (350, 0, 360, None): 5258.0,
    (351, 0, 355, None): 8444.0,
    (355, 0, -1, None): 227.0,
    (360, 0, 365, None): 9289.0,
    (365, 0, -1, None): 227.0,
    (399, 0, -1, None): 4678.0,
    (4, 0, 6, None): 8556.0,
    (50, 0, 51, None): 3170.0,
    (50, 1, 51, None): 84.0,
    (500, 0, 505, None): 5251.0,
    (505, 0, 510, None): 17170.0,
    (51, 0, 55, None): 3254.0,
    (51, 1, 55, None): 84.0,
    (510, 0, 511, None): 10235.0,
    (510, 1, 511, None): 77.0,
    (511, 0, 515, "first"): 10325.0,
    (511, 0, 515, None): 3264.0,
    (511, 1, 515, None): 87.0,
    (515, 0, 516, None): 4768.8,
    (516, 0, 511, None): 1150.2,
    (516, 0, 517, None): 1283.0,
    (517, 0, 510, None): 1116.2,
    (517, 0, 519, None): 1251.0,
    (519, 0, 520, None): 21677.0,
    (519, 1, 520, None): 6780.0,
    (520, 0, 535, None): 5476.0,
    (535, 0, 700, "first"): 15291.0,
    (535, 0, 700, None): 8212.0,
    (535, 1, 700, None): 4886.0,
    (535, 2, 540, None): 212.0,
    (540, 0, 535, None): 6783.0,
    (540, 0, 542, None): 6885.0,
    (542, 0, 519, None): 1142.0,
    (542, 0, 559, None): 1277.0,
    (55, 0, 200, None): 9124.7,
    (55, 0, 60, None): 6582.2,
    (55, 2, 60, None): 212.0,
    (559, 0, 90, None): 1681.0,
    (559, 2, 560, None): 184.0,
    (560, 0, 50, None): 1653.0,
    (560, 2, 570, None): 184.0,
    (570, 0, 571, "first"): 2587.0,
    (570, 0, 571, "second"): 4810.0,
    (570, 0, 574, None): 8954.0,
    (571, 0, 572, None): 2669.0,
    (571, 0, 575, None): 8410.0,
    (572, 0, 573, None): 2622.0,
    (572, 0, 575, None): 8338.0,
    (573, 0, 580, None): 4397.0,
    (574, 0, -2, None): 11129.0,
    (575, 0, -2, None): 14389.0,
    (580, 0, 700, None): 11411.7,
    (580, 1, 700, None): 8249.0,
    (580, 2, 581, None): 212.0,
    (581, 0, 560, None): 7309.0,
    (581, 0, 582, None): 3467.0,
    (582, 0, 580, None): 1142.0,
    (582, 0, 586, None): 1277.0,
    (586, 0, 596, None): 16192.0,
    (596, 0, 560, None): 3942.0,
    (6, 0, 7, None): 919.0,
    (60, 0, 51, None): 1143.2,
    (60, 0, 65, None): 1283.0,
    (65, 0, 50, None): 1109.2,
    (65, 0, 90, None): 1249.0,
    (7, 0, 8, None): 21614.0,
    (700, 0, 701, None): 11258.0,
    (701, 0, 705, None): 8721.9,
    (705, 0, 706, "first"): 3881.0,
    (705, 0, 706, "second"): 7205.6,
    (705, 0, 708, None): 12064.0,
    (706, 0, 750, None): 5502.0,
    (708, 0, 710, "first"): 3935.0,
    (708, 0, 710, "second"): 7314.6,
    (708, 0, 715, None): 12306.0,
    (710, 0, 750, None): 5502.0,
    (715, 0, 720, None): 6753.0,
    (715, 0, 750, None): 12130.0,
    (720, 0, -1, None): 2764.0,
    (720, 0, 725, None): 2559.0,
    (725, 0, 730, "first"): 5219.0,
    (725, 0, 730, "second"): 9932.0,
    (725, 0, 740, None): 15180.0,
    (730, 0, -1, None): 180.0,
    (740, 0, 741, None): 3022.0,
    (741, 0, -1, None): 10654.0,
    (750, 0, 700, None): 7805.0,
    (8, 0, 9, None): 945.0,
    (9, 0, 10, None): 1113.0,
    (90, 0, 99, None): 4617.6,
    (99, 0, 100, None): 3406.0,
    (99, 1, 100, None): 392.0,
}
"""cycles.json's bases."""


PATCHED: dict[ClassKey, float] = {
    (542, 0, 543, None): 1277.0,
    (543, 0, 559, None): 1730.2000000000003,
    (574, 0, 800, None): 3960.0,
    (575, 0, 800, None): 7179.0,
    (705, 0, 706, None): 10730.2,
    (708, 0, 710, None): 10894.2,
    (720, 0, 721, None): 2559.0,
    (721, 0, -1, None): 2693.0,
    (721, 0, 725, None): 2516.0,
    (800, 0, -2, None): 968,
}
"""The classes only the bug patches make (cycle_patches.patch_bases)."""


LINE_MEANS: dict[int, float] = {
    2: 6222.0,
    4: 8556.0,
    6: 919.0,
    7: 21614.0,
    8: 945.0,
    9: 1113.0,
    10: 118224.0,
    13: 1079.0,
    14: 77709.0,
    20: 2699.0,
    44: 10.0,
    47: 7.0,
    48: 7.0,
    50: 701.2,
    51: 718.0,
    55: 5708.48,
    60: 1171.2,
    65: 1137.2,
    90: 4617.15,
    99: 822.57,
    100: 529.14,
    101: 6123.71,
    102: 3255.0,
    103: 7873.67,
    105: 6330.14,
    106: 2638.8,
    107: 8634.0,
    110: 730.5,
    120: 1143.3,
    125: 1126.43,
    126: 180.0,
    200: 10573.86,
    220: 713.75,
    230: 20821.95,
    231: 1076.0,
    239: 180.0,
    244: 10.0,
    259: 10.0,
    300: 6796.58,
    305: 356.02,
    310: 6860.98,
    315: 1104.29,
    320: 3178.0,
    350: 3985.12,
    351: 9944.38,
    355: 220.0,
    360: 10796.97,
    365: 220.0,
    366: 7.0,
    399: 6027.08,
    500: 5251.0,
    505: 17170.0,
    510: 2108.6,
    511: 994.84,
    515: 4768.8,
    516: 1171.2,
    517: 1137.6,
    519: 14228.5,
    520: 10227.5,
    535: 3693.25,
    540: 9179.61,
    542: 1209.5,
    559: 927.5,
    560: 913.5,
    562: 10.0,
    570: 2884.42,
    571: 3107.24,
    572: 3094.4,
    573: 4397.0,
    574: 11958.0,
    575: 19904.64,
    580: 7556.89,
    581: 3795.53,
    582: 1200.91,
    586: 20456.8,
    596: 3942.0,
    602: 10.0,
    700: 11258.0,
    701: 10644.88,
    705: 12892.46,
    706: 5502.0,
    708: 12892.52,
    710: 5502.0,
    715: 10441.88,
    720: 2663.21,
    725: 7896.2,
    730: 180.0,
    740: 3022.0,
    741: 13072.61,
    750: 7805.0,
    766: 7.0,
    767: 7.0,
}
"""cycles.json's line means."""


INPUT_COSTS: dict[str, int] = {
    "again": 11496,
    "more": 9096,
}
"""cycles.json's INPUT costs."""


OPENINGS: dict[bool, tuple[int, int]] = {
    True: (450279, 146),
    False: (443218, 146),
}
"""2-517 by whether 511's FOR K is the first."""


FRAMES: dict[int, tuple[int, int]] = {
    50: (56416, 60),
    90: (909118, 316),
}
"""The passes' frames, by the pass's first line."""


PRINTED_CODES = (
    b"0123444455556777888889::::::::;5<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<===================================="
    b"==>?@@@@@@@ABCCCCCCCDEFFFFFFGGHIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII"
    b"IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ"
    b"JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ"
    b"JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ"
    b"JJJJJJJJJJJJKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK"
    b"KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK"
    b"KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK"
    b"KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK"
    b"KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK"
    b"LLMNOOOOFFFPQRRR::::STKKJJJJJJUVWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
)
"""300-399 by the square's count, but for finding the square: a code a count (cycle_passes.in_advance)."""

PRINTED_PRICES: tuple[PrintedCount, ...] = (
    (13458, 1, 3, 0),
    (13481, 1, 3, 0),
    (13493, 1, 3, 0),
    (29128, 2, 7, 1),
    (136664, 19, 58, 0),
    (136676, 19, 58, 0),
    (81903, 10, 31, 1),
    (136672, 19, 58, 0),
    (136684, 19, 58, 0),
    (92259, 11, 34, 2),
    (136680, 19, 58, 0),
    (98874, 12, 37, 2),
    (136652, 19, 58, 0),
    (136724, 19, 58, 0),
    (35658, 3, 10, 1),
    (42273, 4, 13, 1),
    (136716, 19, 58, 0),
    (75336, 9, 28, 1),
    (68719, 8, 25, 1),
    (136708, 19, 58, 0),
    (48874, 5, 16, 1),
    (62096, 7, 22, 1),
    (136700, 19, 58, 0),
    (136640, 19, 58, 0),
    (55453, 6, 19, 1),
    (136636, 19, 58, 0),
    (136624, 19, 58, 0),
    (136696, 19, 58, 0),
    (136720, 19, 58, 0),
    (138530, 18, 55, 2),
    (131887, 17, 52, 2),
    (136688, 19, 58, 0),
    (118663, 15, 46, 2),
    (145149, 19, 58, 2),
    (136692, 19, 58, 0),
    (105437, 13, 40, 2),
    (125286, 16, 49, 2),
    (112040, 14, 43, 2),
    (136620, 19, 58, 0),
    (136608, 19, 58, 0),
)
"""The prices the codes stand for, in the order of the codes."""


LIVE_CODES = (
    b"0111111111111111111111111111111111111111111111111111111111111111222222222222222222222222222222222223"
    b"4444444444444444444444444444555555555555555555555555555555555555555555555555555555555555555555555555"
    b"5555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555"
    b"5555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555"
    b"5555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555"
    b"5555555555554444444444444444444444444444444444444444444444444444444444444444444444444444444444444444"
    b"4444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444"
    b"4444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444"
    b"4444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444"
    b"4444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444446666"
    b"777777777777777777777777888888888888888888888888888888888888888888888888888888888"
)
"""55 GOSUB 200 by a live square's count, less finding squares: a code a count (cycle_passes.in_advance)."""

LIVE_PRICES: tuple[tuple[int, int], ...] = (
    (157239, 28),
    (157285, 28),
    (157297, 28),
    (157309, 28),
    (157293, 28),
    (157281, 28),
    (157305, 28),
    (159642, 28),
    (159630, 28),
)
"""The prices the codes stand for, in the order of the codes."""


EMPTY_CODES = (
    b"0111111111111111111111111111111111111111111111111111111111111111222222222222222222222222222222222223"
)
"""55 by the count of a square that is not alive: a code a count (cycle_passes.in_advance)."""

EMPTY_PRICES: tuple[tuple[int, int], ...] = (
    (6640, 1),
    (6663, 1),
    (6675, 1),
    (6687, 1),
)
"""The prices the codes stand for, in the order of the codes."""


SUMS_OF_1_CODES = (
    b"01234445666666678888888888888889:::::::::::::::::::::::::::::::;<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"
    b"<<<<<<<<<<<<<<<<<<<<<<<<<<<=>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>"
    b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>?@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@ABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
    b"BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
    b"BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
    b"BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
    b"BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
    b"BBBBBBBBBBBBBBBBBBBBBBBCDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD"
)
"""1 added to a neighbour, by what it held: a code a count (cycle_passes.in_advance)."""

SUMS_OF_1_PRICES: tuple[int, ...] = (
    56,
    141,
    186,
    212,
    226,
    252,
    266,
    292,
    306,
    332,
    346,
    372,
    386,
    412,
    426,
    452,
    214,
    240,
    250,
    276,
    290,
)
"""The prices the codes stand for, in the order of the codes."""


SUMS_OF_10_CODES = (
    b"0122334455555555666666777777777788888888888888888888889999999999::::::::::::::::::::::::::::::::::::"
    b"::::::::::::::::::;;;;;;;;;;<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"
    b"<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<==========>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>"
    b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>"
    b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>"
    b">>??????????@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
    b"@@@@@@@@@@@@@@AAAAAAAAAABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
)
"""10 added to a neighbour, likewise: a code a count (cycle_passes.in_advance)."""

SUMS_OF_10_PRICES: tuple[int, ...] = (
    56,
    249,
    209,
    169,
    195,
    141,
    186,
    212,
    226,
    252,
    266,
    292,
    306,
    332,
    346,
    372,
    386,
    412,
    426,
)
"""The prices the codes stand for, in the order of the codes."""


COUNTERS: dict[int, int] = {
    1: 56,
    2: 141,
    3: 186,
    4: 212,
    5: 226,
    6: 226,
    7: 226,
    8: 252,
    9: 266,
    10: 266,
    11: 266,
    12: 266,
    13: 266,
    14: 266,
    15: 266,
    16: 292,
    17: 306,
    18: 306,
    19: 306,
    20: 306,
    21: 306,
    22: 306,
    23: 306,
    24: 306,
    25: 306,
}
"""M2 or M3 one up, by the count it reaches."""


FINDING: tuple[int, ...] = (
    1445,
    1405,
    1422,
    1365,
    1382,
    1405,
    1365,
    1382,
    1325,
    1342,
    1405,
    1365,
    1382,
    1325,
    1342,
    1365,
    1325,
    1342,
    1285,
    1302,
    1365,
    1325,
    1342,
    1285,
    1302,
)
"""N(J,K) found, for each inner square, row by row."""


LIVE_PLACES: tuple[int, ...] = (
    34073,
    40425,
    39934,
    40327,
    39920,
    36549,
    42901,
    42410,
    42803,
    42396,
    36075,
    42427,
    41936,
    42329,
    41922,
    36349,
    42701,
    42210,
    42603,
    42196,
    35959,
    42311,
    41820,
    42213,
    41806,
)
"""A live square's neighbours found, and the square, likewise."""


NEIGHBOURS: Neighbours = (
    ((5, 1, 6), (1, 7, 0, 14, 2)),
    ((6, 0, 2, 5, 7), (2, 1, 3)),
    ((7, 1, 3, 6, 8), (3, 2, 4)),
    ((8, 2, 4, 7, 9), (4, 3, 5)),
    ((9, 3, 8), (5, 13, 4, 6, 20)),
    ((0, 10, 6, 1, 11), (14, 7, 21)),
    ((1, 11, 5, 7, 0, 10, 2, 12), ()),
    ((2, 12, 6, 8, 1, 11, 3, 13), ()),
    ((3, 13, 7, 9, 2, 12, 4, 14), ()),
    ((4, 14, 8, 3, 13), (20, 13, 27)),
    ((5, 15, 11, 6, 16), (21, 14, 28)),
    ((6, 16, 10, 12, 5, 15, 7, 17), ()),
    ((7, 17, 11, 13, 6, 16, 8, 18), ()),
    ((8, 18, 12, 14, 7, 17, 9, 19), ()),
    ((9, 19, 13, 8, 18), (27, 20, 34)),
    ((10, 20, 16, 11, 21), (28, 21, 35)),
    ((11, 21, 15, 17, 10, 20, 12, 22), ()),
    ((12, 22, 16, 18, 11, 21, 13, 23), ()),
    ((13, 23, 17, 19, 12, 22, 14, 24), ()),
    ((14, 24, 18, 13, 23), (34, 27, 41)),
    ((15, 21, 16), (43, 35, 28, 42, 44)),
    ((16, 20, 22, 15, 17), (44, 43, 45)),
    ((17, 21, 23, 16, 18), (45, 44, 46)),
    ((18, 22, 24, 17, 19), (46, 45, 47)),
    ((19, 23, 18), (47, 41, 46, 34, 48)),
)
"""Each inner square's neighbours inside the board and on the border (cycle_walks.neighbours)."""
