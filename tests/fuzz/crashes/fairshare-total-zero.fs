# the manual sample # the manualunt schedm    10
QOS       high sample (6.3.2.)
User  20.0
Group     staff  !35.5
Account schedm    09
QOS       high    1e3
Class     batch   0.25
0.25
TOTAL    TOTAL  0
OTAL     110
