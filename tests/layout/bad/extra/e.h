#include "schemas/s.h"
