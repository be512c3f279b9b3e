// Package postgres is the PostgreSQL receipt.Store, for a server that runs
// as several replicas: every replica opens the same database and table,
// and a retried write runs at most once whichever replica each try reaches.
//
//	store, err := postgres.Open(ctx, "postgres://app@db/app", postgres.Options{})
//	if err != nil { ... }
//	defer store.Close()
//
// An application that owns a pgxpool.Pool gives it to New instead.
//
// # Exactly-once claims
//
// A claim is one statement, in one round trip. It reads the scope's row
// and, when the row is live, answers from it (Replay, Conflict,
// InProgress or Unknown) and writes nothing, so that a replay costs a
// read. Otherwise it inserts the row, replacing an existing one only when
// that row's retention has ended (ON CONFLICT ... DO UPDATE ... WHERE).
// PostgreSQL decides that conflict on the primary key, under the row's
// lock and against its latest committed version, whatever the statement's
// snapshot saw, so of any number of concurrent claims, in any number of
// processes, exactly one inserts or replaces the row: the others wait
// for it and find it live, and ask again with a snapshot that shows it.
// (The comment on the claim statement, in claim.go, goes through the
// cases.) Commit, Extend, Release and Abandon act on the row only while
// it holds their token, in one statement each; no operation is ever half
// applied. A claim whose answer is lost (a cancelled context, a broken
// connection) may have been recorded all the same; once its statement is
// surely over, it is dropped again, so that a call that never learnt of
// its claim does not leave it to age into Unknown.
//
// The statements run outside any transaction of the caller's, at the
// database's default isolation, READ COMMITTED. Under a stricter default
// a claim that loses a race fails to serialize and is tried again.
//
// # Times and retention
//
// Every time comes from the caller, as receipt.Store says, never from the
// server's clock: replicas whose clocks differ see the expiry each by its
// own. Times are stored as Unix nanoseconds, so that they compare exactly
// as the memory store compares them (times beyond the years 1678 to 2262
// are held at those ends). A record lives Options.Retention (zero:
// receipt.DefaultRetention, a day) after its commit, or, never committed,
// after its claim; a claim of a scope whose record's retention ended
// replaces it.
//
// # Purging
//
// Rows whose retention ended answer nothing and are deleted now and then:
// the first claim of every 1,000 a Store makes first deletes at most 2,000
// of them, oldest first, skipping rows another transaction holds (a purge
// that fails fails that claim, before it claims anything). Work is so
// bounded per claim, and the table does not outgrow the receipts still in
// their retention, since no more rows are made than claims. A row is
// deleted only when its retention ended by the clock of the claim that
// purges, the rule by which that claim would have replaced it anyway; a
// live row is never deleted.
//
// # The table
//
// Options.Table (default agentinput_receipts, or schema.table) is created
// when missing, with an index on expires_at for the purge, one on
// (principal, settled) and a sequence; Open and New of
// many replicas at once serialize that on a transaction-scoped advisory
// lock, and a role without the right to create tables may use a table
// that an operator created. Its columns:
//
//	scope_id     bytea   primary key: receipt.Scope.ID, so that a key of any bytes fits
//	tool         text    the scope's tool, for operators (escaped when not printable ASCII)
//	digest       bytea   the digest of the call's arguments
//	token        bigint  the claim's random 63-bit token
//	state        text    claimed, committed or abandoned
//	lease_until  bigint  the end of the lease, Unix nanoseconds
//	expires_at   bigint  the end of the retention, Unix nanoseconds
//	result       bytea   the committed result
//	principal    bytea   receipt.Scope.PrincipalID, whose writes are ordered
//	committed_at bigint  the commit, Unix nanoseconds
//	settled      bigint  the place of the commit or abandon in the order of settled writes
//
// A keyless retry (receipt.Terms.RetryWindow) replays a committed row only
// while it is fresh: committed within the window, and no row of the same
// principal settled after it (the index on (principal, settled) answers
// that, and the sequence <table>_seq numbers settled writes). A stale row
// is renewed by a second statement that changes it only while it holds
// the token the claim saw, so of racing renewals exactly one claims. A
// table made before these columns gets them on Open, which needs its
// owner; a role that only uses an operator's table also needs USAGE on
// the sequence.
//
// For example, the receipts of a tool still in their retention:
//
//	SELECT state, to_timestamp(expires_at / 1e9) FROM agentinput_receipts WHERE tool = 'do_tag_decision';
package postgres
