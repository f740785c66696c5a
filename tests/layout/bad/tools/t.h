#include "checker/c.h"
#include "runtime/io/y.h"
#include "t2.h"
