#include "parser/p.h"
#include "schemas/s2.h"
