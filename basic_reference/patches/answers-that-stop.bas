answers-that-stop: no BASIC lines. The fault is the 1978 BASIC's INPUT, not a line of the
listing: an empty answer stops the program, and a number too big for the BASIC is ?OV ERROR.
With the switch off, life2's ms1978 INPUT answers ?REDO FROM START and asks again, as it does
for any unreadable answer. GW-BASIC (and so PC-BASIC, the oracle) already asks again, so the
listing with no patch is what the oracle runs for this switch.
