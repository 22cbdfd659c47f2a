/* Arguments and glibc's pow() for glibc-pow-vectors.ts (see there). Build and run on x86-64 Linux:
 *   gcc -O2 -o /tmp/powvec glibc-pow-vectors.c -lm
 *   for m in 0 1 2; do /tmp/powvec 200000 $m > v$m.txt; done; python3 select-pow-vectors.py
 * Modes: 0 = LL.5 bases 1 + exp(u), u in [-40, 40], y in [-5, 5]; 1 = x = exp(t), t in
 * [-700, 700], y in [-3, 3] (overflow, underflow, subnormal results); 2 = u in [-20, 20]. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
static uint64_t s = 88172645463325252ULL;
static double rnd(void){ s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (s >> 11) * 0x1.0p-53; }
int main(int argc, char **argv){
  long n = atol(argv[1]); int mode = atoi(argv[2]);
  for (long i = 0; i < n; i++) {
    double x, y;
    if (mode == 0) { x = 1 + exp(-40 + 80*rnd()); y = -5 + 10*rnd(); }
    else if (mode == 1) { x = exp(-700 + 1400*rnd()); y = -3 + 6*rnd(); }
    else { x = 1 + exp(-20 + 40*rnd()); y = (rnd() < 0.5 ? 0.05 + 5*rnd() : -3 + 6*rnd()); }
    double p = pow(x, y);
    printf("%.17g %.17g %.17g\n", x, y, p);
  }
}
