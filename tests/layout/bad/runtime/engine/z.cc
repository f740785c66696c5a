#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "parser/p.h"
#include "schemas/s.h"

void z() { llvm::errs() << "engine"; }  // std::cout in a comment is no I/O
