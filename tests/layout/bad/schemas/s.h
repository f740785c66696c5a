#include "schemas/s2.h"
#include "parser/p.h"
