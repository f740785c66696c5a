#!/usr/bin/env python3
"""The KTH trace (or any SWF) replicated K times, for the engine's scaling table (README,
docs/performance.md): copy c has its submit times shifted by 7*c seconds and its users and
groups renumbered (u + c*(max+1)), so that K copies on K times the nodes are the same load with
K times the users, each under the same per-user limits; jobs are renumbered 1..N in submit order.

    scale_trace.py TRACE.swf[.gz] K OUT.swf
"""
import gzip, re, sys
src, k, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
op = gzip.open if src.endswith('.gz') else open
rows = []
header = []
with op(src, 'rt') as f:
    for line in f:
        if line.startswith(';'):
            if not re.match(r';\s*(MaxNodes|MaxProcs|MaxJobs|MaxRecords):', line): header.append(line)
            continue
        if not line.strip(): continue
        rows.append(line.split())
maxu = max(int(r[11]) for r in rows); maxg = max(int(r[12]) for r in rows)
recs = []
for c in range(k):
    for r in rows:
        r2 = list(r)
        r2[1] = str(int(r[1]) + 7 * c)
        if int(r[11]) >= 0: r2[11] = str(int(r[11]) + c * (maxu + 1))
        if int(r[12]) >= 0: r2[12] = str(int(r[12]) + c * (maxg + 1))
        recs.append((int(r2[1]), c, r2))
recs.sort(key=lambda t: (t[0], t[1]))
with open(out, 'w') as f:
    f.writelines(header)
    f.write('; MaxNodes: %d\n; MaxProcs: %d\n' % (100 * k, 100 * k))
    for n, (_, _, r2) in enumerate(recs, 1):
        r2[0] = str(n)
        f.write(' '.join(r2) + '\n')
