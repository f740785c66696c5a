#include <fstream>
#include "runtime/io/y.h"
