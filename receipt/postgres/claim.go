package postgres

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/receipt"
)

// statements are a store's SQL, with its table's quoted name put in once;
// nothing else is ever put into a statement but parameters.
type statements struct {
	claim, renew, commit, extend, release, abandon, purge string
}

func newStatements(n tableNames) statements {
	t := n.quoted
	return statements{
		// The claim, in one statement and one round trip. $1 scope_id,
		// $2 tool, $3 digest, $4 token, $5 lease_until, $6 expires_at,
		// $7 now.
		//
		// "seen" reads the scope's row in the statement's snapshot. When
		// it is live, that is the answer (Replay, Conflict, InProgress or
		// Unknown), and nothing is written: no row lock, no transaction
		// id, no WAL flush at commit, so a replay costs a read. When the
		// snapshot has no live row, "claimed" tries to take the scope, and
		// that alone decides who claims. Why exactly one of any number of
		// concurrent claims does, under READ COMMITTED, across processes:
		//
		//   - No row: concurrent inserts of one scope_id race on the
		//     primary key. One inserts; the others find its index entry,
		//     wait for its transaction to end and, once it committed,
		//     take the ON CONFLICT path on its row (had it aborted, they
		//     would insert instead).
		//   - A row: DO UPDATE locks it and evaluates its WHERE on the
		//     row's latest committed version, not on the statement's
		//     snapshot; a row updated meanwhile is waited for and the
		//     conflict checked again on the new version. So the row is
		//     replaced only when its retention ended, and of concurrent
		//     replacers only the first finds it so: the others find the
		//     live row that replaced it.
		//
		// A claim that so loses has nothing to answer from: its snapshot
		// predates the row it lost to, showing no row or an expired one.
		// Claim asks again, with a new snapshot that shows the winner. A
		// live row the snapshot shows is a state the record was in while
		// the claim ran: a true answer. The result travels only for a
		// Replay.
		//
		// "seen" also says whether a committed row is its principal's
		// latest write (no row of the principal settled after it), which
		// a keyless retry's terms ask (receipt.Terms.Replays). A stale
		// committed row is not taken here: Claim renews it with renew.
		claim: `WITH seen AS (
	SELECT digest = $3::bytea AS same, state, lease_until, expires_at, token, committed_at,
		settled IS NOT NULL AND NOT EXISTS (
			SELECT FROM ` + t + ` o WHERE o.principal = s.principal AND o.settled > s.settled) AS latest,
		CASE WHEN digest = $3::bytea AND state = 'committed' THEN result END AS result
	FROM ` + t + ` s WHERE scope_id = $1::bytea
), claimed AS (
	INSERT INTO ` + t + ` AS r (scope_id, tool, principal, digest, token, state, lease_until, expires_at)
	SELECT $1::bytea, $2::text, $8::bytea, $3::bytea, $4::bigint, 'claimed', $5::bigint, $6::bigint
	WHERE NOT EXISTS (SELECT FROM seen WHERE expires_at > $7::bigint)
	ON CONFLICT (scope_id) DO UPDATE SET
		tool = excluded.tool, principal = excluded.principal, digest = excluded.digest, token = excluded.token,
		state = 'claimed', lease_until = excluded.lease_until, expires_at = excluded.expires_at, result = NULL,
		committed_at = NULL, settled = NULL
	WHERE r.expires_at <= $7::bigint
	RETURNING true
)
SELECT true, false, '', 0::bigint, 0::bigint, NULL::bytea, 0::bigint, NULL::bigint, false FROM claimed
UNION ALL
SELECT false, same, state, lease_until, expires_at, result, token, committed_at, latest
FROM seen WHERE NOT EXISTS (SELECT FROM claimed)`,

		// The renewal of a stale committed row, the one with the token
		// the claim saw: $1 scope_id, $2 that token, $3 the new token,
		// $4 lease_until, $5 expires_at. Of concurrent renewals, the row
		// lock lets the first change the row; the others find it with
		// another token and change nothing, and Claim asks again.
		renew: `UPDATE ` + t + ` SET token = $3, state = 'claimed', lease_until = $4, expires_at = $5,
	result = NULL, committed_at = NULL, settled = NULL
WHERE scope_id = $1 AND token = $2 AND state = 'committed'
RETURNING true`,

		// The other four act on the row only while it holds their token
		// and is not committed, as receipt.Memory's held does; a later
		// claim of the scope has another token, so it is out of reach. A
		// commit and an abandon take the next number of the sequence:
		// the order of settled writes, in which a principal's latest is
		// the one with the highest.
		commit: `UPDATE ` + t + ` SET state = 'committed', result = $3, expires_at = $4, committed_at = $5,
	settled = nextval('` + n.sequence + `')
WHERE scope_id = $1 AND token = $2 AND state <> 'committed'`,
		extend: `UPDATE ` + t + ` SET lease_until = CASE WHEN state = 'abandoned' THEN lease_until ELSE $3 END
WHERE scope_id = $1 AND token = $2 AND state <> 'committed'`,
		release: `DELETE FROM ` + t + ` WHERE scope_id = $1 AND token = $2 AND state <> 'committed'`,
		abandon: `UPDATE ` + t + ` SET state = 'abandoned', settled = nextval('` + n.sequence + `')
WHERE scope_id = $1 AND token = $2 AND state <> 'committed'`,

		// The purge: at most $2 rows whose retention ended by $1, oldest
		// first, over the expires_at index. A row another transaction
		// holds (a claim replacing it) is skipped, not waited for, and
		// FOR UPDATE checks the condition again on the latest version of
		// each row it locks, so a row a claim just made live is never
		// deleted.
		purge: `DELETE FROM ` + t + ` WHERE scope_id IN (
	SELECT scope_id FROM ` + t + ` WHERE expires_at <= $1
	ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
)`,
	}
}

const (
	// purgeEvery is how many claims a Store makes per purge.
	purgeEvery = 1000
	// purgeBatch bounds the rows a purge deletes: twice purgeEvery, so
	// that purges outpace the claims that make rows.
	purgeBatch = 2 * purgeEvery
	// claimAttempts bounds the claim statements of one Claim. An attempt
	// is made again only when another claim wrote the row while it ran,
	// so a second is rare and this bound is for a pathology.
	claimAttempts = 64
	// undoTimeout bounds the drop of a claim whose answer was lost.
	undoTimeout = 5 * time.Second
)

// Claim implements receipt.Store.
func (s *Store) Claim(ctx context.Context, scope receipt.Scope, digest receipt.Digest, now time.Time, terms receipt.Terms) (receipt.Claim, error) {
	if s.claims.Add(1)%purgeEvery == 1 {
		if _, err := s.purge(ctx, now, purgeBatch); err != nil {
			return receipt.Claim{}, err
		}
	}
	id := scope.ID()
	token := newToken()
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return receipt.Claim{}, fmt.Errorf("postgres receipts: claim: %w", err) // nothing was sent
	}
	if s.claimSync == SyncAtCommit {
		if _, err := conn.Exec(ctx, "SET synchronous_commit TO off"); err != nil {
			conn.Release()
			return receipt.Claim{}, fmt.Errorf("postgres receipts: claim: %w", err) // nothing was claimed
		}
	}
	release := func() {
		// A connection claims ran on with synchronous_commit off goes
		// back to the session's default before the pool has it again, on
		// a context of its own; one that cannot be set back is closed,
		// never reused.
		if s.claimSync == SyncAtCommit && !conn.Conn().PgConn().IsClosed() {
			if _, err := conn.Exec(context.Background(), "RESET synchronous_commit"); err != nil {
				conn.Conn().Close(context.Background())
			}
		}
		conn.Release()
	}
	c, err := s.claim(ctx, conn, scope, id, digest, token, now, terms)
	if err == nil {
		release()
		return c, nil
	}
	// Whether the connection broke is read before Release hands it back;
	// its cleanup is awaited after, when the pool may have another.
	pgConn := conn.Conn().PgConn()
	broken := pgConn.IsClosed()
	release()
	return receipt.Claim{}, s.claimFailed(ctx, pgConn, broken, id, token, err)
}

// claim runs the claim statement on conn until it answers.
func (s *Store) claim(ctx context.Context, conn *pgxpool.Conn, scope receipt.Scope, id [32]byte, digest receipt.Digest, token receipt.Token, now time.Time, terms receipt.Terms) (receipt.Claim, error) {
	nowNanos := unixNanos(now)
	principal := scope.PrincipalID()
	for range claimAttempts {
		var (
			claimed, same, latest bool
			state                 string
			leaseUntil            int64
			expires               int64
			result                []byte
			held                  int64
			committed             pgtype.Int8
		)
		err := conn.QueryRow(ctx, s.sql.claim, id[:], operatorTool(scope.Tool), digest[:], int64(token),
			unixNanos(now.Add(terms.Lease)), unixNanos(now.Add(s.retention)), nowNanos, principal[:],
		).Scan(&claimed, &same, &state, &leaseUntil, &expires, &result, &held, &committed, &latest)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			continue // the row was made after this statement's snapshot
		case retryable(err):
			continue
		case err != nil:
			return receipt.Claim{}, err
		case claimed:
			return receipt.Claim{State: receipt.Claimed, Token: token}, nil
		case expires <= nowNanos:
			continue // the row was replaced after this statement's snapshot
		case !same:
			return receipt.Claim{State: receipt.Conflict}, nil
		case state == "committed" && terms.Replays(receipt.Token(held), time.Unix(0, committed.Int64), latest && committed.Valid, now):
			return receipt.Claim{State: receipt.Replay, Result: result}, nil
		case state == "committed":
			// Stale for a keyless retry: renew the row the statement
			// saw, or, when another claim changed it first, ask again.
			var renewed bool
			err := conn.QueryRow(ctx, s.sql.renew, id[:], held, int64(token),
				unixNanos(now.Add(terms.Lease)), unixNanos(now.Add(s.retention))).Scan(&renewed)
			switch {
			case errors.Is(err, pgx.ErrNoRows), retryable(err):
				continue
			case err != nil:
				return receipt.Claim{}, err
			}
			return receipt.Claim{State: receipt.Claimed, Token: token}, nil
		case state == "abandoned" || leaseUntil <= nowNanos:
			return receipt.Claim{State: receipt.Unknown}, nil
		default:
			return receipt.Claim{State: receipt.InProgress, Token: receipt.Token(held)}, nil
		}
	}
	return receipt.Claim{}, fmt.Errorf("the record changed under each of %d attempts", claimAttempts)
}

// retryable reports whether a claim statement failed, applying nothing,
// for losing a race that a new attempt settles: a serialization failure
// (under a default isolation stricter than READ COMMITTED) or a deadlock.
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40001" || pgErr.Code == "40P01")
}

// claimFailed is the error of a claim that failed. When the failure may
// have come after the statement was applied (the context ended or the
// connection broke while it ran), the claim may be recorded with nobody
// to hold it; it is dropped, so that a retry finds no record rather than
// a claim that ages into Unknown.
//
// A context that ends mid-statement closes the connection: pgx sends the
// server a cancel request, then drains the connection until the server
// closes it. Only then has the statement surely either aborted or
// committed, so the drop waits for that cleanup (broken, pgConn) before
// deleting the claim's row, if there is one.
func (s *Store) claimFailed(ctx context.Context, pgConn *pgconn.PgConn, broken bool, id [32]byte, token receipt.Token, err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) || pgconn.SafeToRetry(err) {
		// The server refused the statement, or it was never sent:
		// nothing was applied.
		return fmt.Errorf("postgres receipts: claim: %w", err)
	}
	undo, cancel := context.WithTimeout(context.WithoutCancel(ctx), undoTimeout)
	defer cancel()
	if broken {
		select {
		case <-pgConn.CleanupDone():
		case <-undo.Done():
		}
	}
	if _, undoErr := s.pool.Exec(undo, s.sql.release, id[:], int64(token)); undoErr != nil {
		return fmt.Errorf("postgres receipts: claim: %w (and dropping the claim it may have recorded failed: %v; it answers in_progress until its lease ends, then unknown)", err, undoErr)
	}
	return fmt.Errorf("postgres receipts: claim: %w", err)
}

// Extend implements receipt.Store.
func (s *Store) Extend(ctx context.Context, scope receipt.Scope, token receipt.Token, until time.Time) error {
	return s.act(ctx, "extend", s.sql.extend, scope, token, unixNanos(until))
}

// Commit implements receipt.Store.
func (s *Store) Commit(ctx context.Context, scope receipt.Scope, token receipt.Token, result []byte, now time.Time) error {
	if result == nil {
		result = []byte{} // a committed row always has a result, if empty
	}
	return s.act(ctx, "commit", s.sql.commit, scope, token, result, unixNanos(now.Add(s.retention)), unixNanos(now))
}

// Release implements receipt.Store.
func (s *Store) Release(ctx context.Context, scope receipt.Scope, token receipt.Token) error {
	return s.act(ctx, "release", s.sql.release, scope, token)
}

// Abandon implements receipt.Store.
func (s *Store) Abandon(ctx context.Context, scope receipt.Scope, token receipt.Token) error {
	return s.act(ctx, "abandon", s.sql.abandon, scope, token)
}

// act runs one of the statements that act on a held claim: $1 scope_id,
// $2 token, then args. A statement that touches no row is ErrNotHeld.
func (s *Store) act(ctx context.Context, name, sql string, scope receipt.Scope, token receipt.Token, args ...any) error {
	if token == 0 || token > math.MaxInt64 {
		return receipt.ErrNotHeld // no claim of this store has it
	}
	id := scope.ID()
	tag, err := s.pool.Exec(ctx, sql, append([]any{id[:], int64(token)}, args...)...)
	if err != nil {
		return fmt.Errorf("postgres receipts: %s: %w", name, err)
	}
	if tag.RowsAffected() == 0 {
		return receipt.ErrNotHeld
	}
	return nil
}

// purge deletes at most limit rows whose retention ended by now, and
// reports how many it deleted.
func (s *Store) purge(ctx context.Context, now time.Time, limit int) (int64, error) {
	tag, err := s.pool.Exec(ctx, s.sql.purge, unixNanos(now), limit)
	if err != nil {
		return 0, fmt.Errorf("postgres receipts: purging expired receipts: %w", err)
	}
	return tag.RowsAffected(), nil
}

// newToken is a random 63-bit token, never zero: it fits a bigint, and
// successive claims of a scope, in any process, draw different ones
// (a repeat is a one in 2⁶³ chance).
func newToken() receipt.Token {
	for {
		var b [8]byte
		rand.Read(b[:]) // never fails (crypto/rand)
		if t := binary.BigEndian.Uint64(b[:]) >> 1; t != 0 {
			return receipt.Token(t)
		}
	}
}

// operatorTool is the tool as the tool column holds it: as it is when
// printable ASCII (as tool names are), else escaped in Go syntax, so that
// a NUL or invalid UTF-8 fits a text column in any server encoding. The
// column is for reading; the scope is scope_id.
func operatorTool(tool string) string {
	for i := 0; i < len(tool); i++ {
		if tool[i] < 0x20 || tool[i] > 0x7e {
			return strconv.QuoteToASCII(tool)
		}
	}
	return tool
}
