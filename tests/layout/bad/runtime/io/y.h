#include "runtime/engine/x.h"
