#include "schemas/s.h"
#include "tools/t.h"
