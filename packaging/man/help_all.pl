#!/usr/bin/perl
# usage: help_all.pl TOOL ARGS...
# Runs TOOL with ARGS, except that `--help` prints TOOL's help in the layout help2man reads (GNU's:
# "Usage:" lines, "Options:", "name:" subsections, "  --option  description" items): for a tool
# with subcommands (llvm::cl's layout: OVERVIEW, SUBCOMMANDS, OPTIONS), the overview's usage lines,
# its exit status and every subcommand's own options, each subcommand's --help asked of the tool
# itself; for a client command link, its usage. help2man reads one --help: through this script it
# reads them all, so that the page has every subcommand and option, taken from the tool alone.
use strict;
use warnings;

my ($tool, @args) = @ARGV;
die "usage: help_all.pl TOOL ARGS...\n" unless defined $tool;
if (@args != 1 || $args[0] ne '--help') {
  exec {$tool} $tool, @args or die "help_all.pl: cannot run $tool: $!\n";
}

sub help {
  my @command = ($tool, @_, '--help');
  open(my $out, '-|', @command) or die "help_all.pl: cannot run @command: $!\n";
  local $/;
  my $text = <$out>;
  close($out) or die "help_all.pl: @command failed\n";
  return $text;
}

# llvm::cl's "  --name=<value> - what" and "    =value - what": help2man's items want the tag and
# the description apart by two blanks, without the dash.
sub options {
  my ($text) = @_;
  $text =~ s/^( +\S+(?: \S+)*?) +- +/$1   /mg;
  return $text;
}

my $overview = help();
if ($overview !~ /^SUBCOMMANDS:/m) {
  # A client command ("usage: showq [ARGUMENTS...] ..."): its usage is the synopsis.
  $overview =~ s/^usage: /Usage: /;
  print $overview;
  exit 0;
}
my ($name) = $tool =~ m{([^/]+)$};
$overview =~ /^OVERVIEW: (.*?)\n\n((?: .*\n)+)\n(.*?)\n\nUSAGE:/s
  or die "help_all.pl: $tool --help: expected OVERVIEW, the usage lines, the exit status, USAGE\n";
my ($summary, $block, $status) = ($1, $2, $3);
$status =~ s/^Exit status: //;
# A usage starts two blanks in; a line indented further continues the one before.
my @usages;
for (split /\n/, $block) {
  if (/^  (\S.*)/) {
    push @usages, $1;
  } elsif (/^\s+(\S.*)/ && @usages) {
    $usages[-1] .= " $1";
  }
}
my ($list) = $overview =~ /^SUBCOMMANDS:\n\n(.*?)\n\n/ms;
my @subcommands = map { /^  (\S+)\s+- (.*)/ ? [$1, $2] : () } split /\n/, ($list // '');
die "help_all.pl: $tool --help lists no SUBCOMMANDS\n" unless @subcommands;
my ($generic) = $overview =~ /^Generic Options:\n\n((?:  .*\n?)+)/m;

print "Usage: $usages[0]\n";
print "  or:  $_\n" for @usages[1 .. $#usages];
print "\n$summary.\n\n*Exit status*\n$status\n\n*Subcommands*\n";
printf "  %-10s  %s\n", @$_ for @subcommands;
print "\nOptions:\n", options($generic // '');
for my $sub (@subcommands) {
  my $text = help($sub->[0]);
  # The tool's own options follow "<tool> options:" (its llvm::cl category).
  my ($own) = $text =~ /^\S[^\n]* options:\n\n((?:  .*\n?)+)/m;
  print "\n$name $sub->[0]:\n  $sub->[1].\n\n";
  print $own ? options($own) : "  No options but the generic ones.\n";
}
