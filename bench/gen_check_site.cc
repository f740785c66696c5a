#include "bench/gen_check_site.h"

#include <fmt/format.h>

namespace maui::bench {

std::string generate_check_site(const CheckSiteOptions& o) {
  std::string out;
  auto line = [&](std::string s) {
    out += s;
    out += '\n';
  };
  line("# generated site for mauic check benchmarks");
  line("SERVERHOST head");
  line("FSPOLICY DEDICATEDPS");
  line("FSWEIGHT 1");
  line("FSUSERWEIGHT 10");
  line("FSGROUPWEIGHT 5");
  line("CREDWEIGHT 1");
  line("USERWEIGHT 10");
  line("QOSWEIGHT 100");
  line("SERVICEWEIGHT 1");
  line("QUEUETIMEWEIGHT 1");
  line("XFACTORWEIGHT 10");
  line("SYSTEMMAXPROCPERJOB 512");
  line("SYSTEMMAXJOBWALLTIME 72:00:00");
  line("NODECFG[DEFAULT] PROCS=16 CFGMEM=65536");
  // Nodes: partitions of 500, every 10th node with a feature.
  for (std::size_t n = 0; n < o.nodes; ++n)
    line(fmt::format("NODECFG[node{:04}] PARTITION=p{}{}", n, n / 500, n % 10 == 0 ? " FEATURES=largememory" : ""));
  for (std::size_t q = 0; q < o.qos; ++q)
    line(fmt::format("QOSCFG[q{:02}] PRIORITY={} MAXJOB={}{}", q, q * 100, 10 + q,
                     q % 5 == 0 ? fmt::format(" OMAXJOB={} OMAXPROC={}", 20 + q, 256) : ""));
  for (std::size_t c = 0; c < o.classes; ++c)
    line(fmt::format("CLASSCFG[c{:02}] MAXPROC={} MAX.WCLIMIT={}:00:00{}", c, 256 + c * 16, 1 + c * 4,
                     c == 0 ? " MAXPROC[USER]=64" : ""));
  for (std::size_t a = 0; a < o.accounts; ++a)
    line(fmt::format("ACCOUNTCFG[a{:02}] FSTARGET={} MAXPROC={}", a, 1 + a % 3, 128 + a));
  for (std::size_t g = 0; g < o.groups; ++g)
    line(fmt::format("GROUPCFG[g{:03}] MAXJOB={} PRIORITY={}{}", g, 20 + g % 10, g % 7,
                     g % 4 == 0 ? " FSTARGET=0.5" : ""));
  line("USERCFG[DEFAULT] MAXJOB=4,8 MAXPROC=64,128 QDEF=q00");
  for (std::size_t u = 0; u < o.users; ++u)
    line(fmt::format("USERCFG[u{:04}] MAXJOB={} PRIORITY={} QLIST=q{:02},q{:02}{}", u, 2 + u % 8, u % 50, u % o.qos,
                     (u + 7) % o.qos, u % 10 == 0 ? " FSTARGET=0.05+" : ""));
  // Standing reservations: blocks of 20 nodes, every other one overlapping its neighbour by 10
  // nodes, daily business hours, weekly windows and permanent ones, ACLs over all kinds.
  for (std::size_t r = 0; r < o.reservations; ++r) {
    std::size_t first = (r * 20) % o.nodes, last = std::min(o.nodes - 1, first + 19 + (r % 2 ? 10 : 0));
    std::string name = fmt::format("sr{:03}", r);
    line(fmt::format("SRCFG[{}] HOSTLIST=node[{:04}-{:04}] ACCESS={}", name, first, last,
                     r % 3 ? "SHARED" : "DEDICATED"));
    switch (r % 3) {
      case 0:
        line(fmt::format("SRCFG[{}] PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI STARTTIME=08:00:00 ENDTIME=18:00:00", name));
        break;
      case 1: line(fmt::format("SRCFG[{}] PERIOD=WEEK STARTTIME=5:18:00:00 ENDTIME=1:06:00:00", name)); break;
      default: line(fmt::format("SRCFG[{}] PERIOD=INFINITY", name)); break;
    }
    line(fmt::format("SRCFG[{}] GROUPLIST=g{:03},g{:03} USERLIST=u{:04} CLASSLIST=c{:02}", name, r % o.groups,
                     (r + 1) % o.groups, (r * 7) % o.users, r % o.classes));
    if (r % 10 == 0)
      line(fmt::format("SRCFG[{}] QOSLIST=q{:02}- ACCOUNTLIST=!a{:02} TIMELIMIT=4:00:00*", name, r % o.qos,
                       r % o.accounts));
  }
  // Floating reservations on featured nodes.
  line("SRCFG[bigmem] TASKCOUNT=8 RESOURCES=PROCS:16 NODEFEATURES=largememory PERIOD=INFINITY ACCOUNTLIST=a00,a01");
  return out;
}

}  // namespace maui::bench
