fractional-coords: accept only whole coordinates 1 to 5.

The listing accepts any number above 0 and up to 5. A fraction is turned into
a subscript by rounding (GW-BASIC) or truncating (1978 BASIC): 0.3 lands on
the hidden border row or column, where the piece is lost, and 1.2 and 1.4 name
one square without being seen as the same square. A whole-number test sends
such answers to ILLEGAL COORDS. RETYPE.

705 IF X(B)<=5 THEN IF X(B)>0 THEN IF X(B)=INT(X(B)) THEN 708
708 IF Y(B)<=5 THEN IF Y(B)>0 THEN IF Y(B)=INT(Y(B)) THEN 715
