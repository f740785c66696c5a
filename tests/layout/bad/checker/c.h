#include "runtime/engine/x.h"
#include "runtime/io/y.h"
#include "tools/t.h"
