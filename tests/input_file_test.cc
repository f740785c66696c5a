// schemas/input_file.h: a whole file or stream is read up to its limit, and anything past the
// limit (a runaway file, /dev/zero), a directory or a missing file is an error that says so.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "schemas/input_file.h"

namespace maui {
namespace {

namespace fs = std::filesystem;

class InputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("maui-input-file-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(InputFileTest, ReadsAWholeFileUpToTheLimit) {
  const std::string text(3u << 20, 'x');  // three read chunks
  const InputFile in = read_input_file(write("big", text + "end\n"), 4u << 20);
  EXPECT_FALSE(in.error);
  EXPECT_EQ(in.text, text + "end\n");
  EXPECT_EQ(read_input_file(write("empty", ""), 1).text, "");
}

TEST_F(InputFileTest, MoreThanTheLimitIsAnError) {
  const InputFile in = read_input_file(write("big", std::string(3u << 20, 'x')), 1u << 20);
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->message, "it is larger than 1 MB");
  EXPECT_EQ(to_text(*in.error), dir_.string() + "/big: error: it is larger than 1 MB");  // the file as a whole
  EXPECT_EQ(in.text, "");
  // A device without end: the limit ends the read.
  const InputFile zero = read_input_file("/dev/zero", 1u << 20);
  ASSERT_TRUE(zero.error);
  EXPECT_EQ(zero.error->message, "it is larger than 1 MB");
  EXPECT_EQ(zero.error->file, "/dev/zero");
}

TEST_F(InputFileTest, DirectoriesAndMissingFilesAreErrors) {
  EXPECT_EQ(read_input_file(dir_.string(), 1u << 20).error->message, "it is a directory");
  EXPECT_EQ(read_input_file((dir_ / "missing").string(), 1u << 20).error->message, "No such file or directory");
}

}  // namespace
}  // namespace maui
