#!/usr/bin/env python3
"""Writes glibc-pow-log-table.ts: the table of glibc's pow() log step, recomputed from its definition.

glibc >= 2.28 (Arm optimized-routines' pow, MIT OR Apache-2.0 WITH LLVM-exception) splits
z in [0x1.69555p-1, 0x1.69555p0) into N = 128 subintervals by the bits of (ix - OFF) and keeps
for each, with c near the subinterval's centre:
    invc     = 1/c = centre < 1 ? round(N/centre)/N : round(2N/centre)/N/2
    logc     = round(2^43 log(c)) / 2^43
    logctail = (double)(log(c) - logc)
Computed here with 60-digit decimals (exact for invc and logc, correctly rounded for logctail).
Run: python3 generate-pow-log-table.py > glibc-pow-log-table.ts (then prettier).
"""
import struct
from decimal import Decimal, getcontext

getcontext().prec = 60
OFF = 0x3FE6955500000000
N = 128


def asdouble(bits):
    return struct.unpack('<d', struct.pack('<Q', bits))[0]


def shortest(value):
    return repr(float(value))


invc_list, logc_list, tail_list = [], [], []
for i in range(N):
    low, high = asdouble(OFF + (i << 45)), asdouble(OFF + ((i + 1) << 45))
    centre = (Decimal(low) + Decimal(high)) / 2
    invc = Decimal(round(N / centre)) / N if centre < 1 else Decimal(round(2 * N / centre)) / N / 2
    log_c = -invc.ln()
    logc = Decimal(round(log_c * Decimal(2) ** 43)) / Decimal(2) ** 43
    invc_list.append(shortest(invc))
    logc_list.append(shortest(logc))
    tail_list.append(shortest(log_c - logc))


def block(values):
    return '\n'.join('  ' + ' '.join(values[i:i + 4]) for i in range(0, len(values), 4))


print('''/**
 * Table of glibc's pow() log step (`__pow_log_data.tab`, N = 128; glibc >= 2.28, Arm
 * optimized-routines, MIT OR Apache-2.0 WITH LLVM-exception, Copyright (c) 2018 Arm Limited),
 * recomputed from its definition by generate-pow-log-table.py. Do not edit: regenerate.
 */
import { decodeDoubles } from './glibc-exp-log-tables';
''')
for name, doc, values in [
    ('POW_LOG_INVC', '1/c for each subinterval (a few significant bits, so z/c - 1 is exact).', invc_list),
    ('POW_LOG_LOGC', 'log(c) rounded to a multiple of 2^-43 (so k ln2hi + logc is exact).', logc_list),
    ('POW_LOG_LOGCTAIL', 'log(c) - logc, rounded to double.', tail_list),
]:
    print(f'/** {doc} */\nexport const {name} = decodeDoubles(`\n{block(values)}\n`);\n')
