// Package sqlite is the SQLite receipt store: the embedded default of a
// do tool, for a server that runs as one process (or a few processes on
// one machine) and must keep its receipts across a restart.
//
// Open takes the path of a database file of the store's own. The file is
// created, readable by its owner only, when it is missing; its directory
// is not: a missing directory is a mistyped path more often than a new
// machine, and it fails at start-up rather than scattering files.
//
// A receipt is durable before its call goes on. The file is in WAL mode
// with synchronous=FULL, so that a Claim that answered Claimed is on disk
// before the handler runs and a Commit that returned is on disk before
// the result is sent: after a SIGKILL or a power cut, a claimed call that
// never committed answers Unknown once its lease is over, and a committed
// one replays. A Claim (or Commit, Extend, Release, Abandon) that returns
// an error did nothing: each runs in one transaction that is either
// committed or rolled back.
//
// Claims are exactly-once across goroutines and across the processes
// that open the same file. Within a process writes take turns; between
// processes SQLite's file locks decide, and a writer waits for another
// process's lock up to Options.BusyTimeout (5 s by default) or the end
// of its context, whichever comes first, then fails: the factory answers
// unavailable, and the call may be retried. Readers never wait for a
// writer (WAL), so a replay is not held up by a claim.
//
// A receipt lives for Options.Retention after its commit (or, never
// committed, after its claim): receipt.DefaultRetention, a day, when
// zero. A record past its retention counts as no record, and a new claim
// replaces it. Now and then a claim also deletes a bounded batch of such
// records, so that the file does not grow with every call ever made; a
// live record is never deleted.
//
// A keyless retry (receipt.Terms.RetryWindow) replays a committed record
// only while it is fresh: committed within the window, and no record of
// the same principal settled (committed or abandoned) after it. Each
// record keeps its principal's identity, its commit instant and its place
// in the principal's settled writes, numbered in the write transaction
// that settles it. The file's schema is version 2; Open migrates a file of
// version 1, whose records replay to a caller's key as before and are
// stale to a keyless retry.
//
// Times are stored as integer nanoseconds since the Unix epoch (UTC), so
// they compare by the wall clock, and hold between the years 1678 and
// 2262. The table keeps the tool name beside each record for an operator
// who opens the file with the sqlite3 shell; the key itself is stored
// only as the SHA-256 of the scope (receipt.Scope.ID).
package sqlite
