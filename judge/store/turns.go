package store

import (
	"context"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// The queue serves users in turn (issue 32, "a fair queue"): oldest first
// across everyone let one student's twelve slow compiles make another's
// trivial program wait five minutes. A pending submission's turn is its
// rank among its user's pending submissions of the lane (new before
// rejudged, then oldest first) plus the claims of the lane that user holds
// now; the queue is claimed by priority, then turn, then age. So a user
// with one submission waiting goes before the second of a user with
// twenty, whatever came first, and a user who holds claims waits behind
// those who hold none. A cap (perUser) leaves out every turn past it: a
// user holding perUser claims of the lane gets no more until one ends.
//
// The held claims are counted from the database, so the turns and the cap
// hold across processes. On PostgreSQL a claim of a lane takes a
// transaction-scoped advisory lock of that lane first: two processes
// claiming at once would each see the other's claims missing and both
// give the same user a slot. Claims are short (one statement), so the
// lock costs little; Finish, Release and Renew do not take it.

// laneWhere is the condition on submissions of a lane: their kind, and
// none that waits for the reference answers of its boards (waiting.go):
// such a submission is not claimed, nor does it count as its user's turn,
// until the answers are there.
func laneWhere(lane judge.Lane) string {
	switch lane {
	case judge.LanePrograms:
		return "kind = 'program' AND waiting_boards = 0"
	case judge.LaneAnswers:
		return "kind <> 'program' AND waiting_boards = 0"
	}
	return "waiting_boards = 0"
}

// laneLock is the key of a lane's advisory lock on PostgreSQL (any fixed
// number; 'pjq' and the lane's first letter).
func laneLock(lane judge.Lane) int64 {
	return int64(0x706a71)<<8 | int64(len(lane))
}

// noCap is the turn bound of a claim without a cap per user.
const noCap = 1 << 40

// turnsSQL selects the pending submissions of a lane (%[1]s) that a claim
// of n (%[2]d) may take, with their turn; a user's held claims include
// their runs in progress on the programs' lane (%[3]s, heldRuns): a claim takes at most n of one
// user, so only each user's first n are ranked (an index walk per user,
// idx_submissions_turns) instead of every pending row, which made a claim
// from a backlog of 20,000 cost 90-130 ms against the 10-16 ms of oldest
// first. The walk is a correlated IN on SQLite and a LATERAL join on
// PostgreSQL, whose planner runs a correlated IN once per candidate row.
func turnsSQL(postgres bool) string {
	first := `JOIN submissions p ON p.id IN (SELECT x.id FROM submissions x
		WHERE x.status = 'pending' AND x.user_id = w.user_id AND %[1]s ORDER BY x.priority, x.id LIMIT %[2]d)`
	if postgres {
		first = `CROSS JOIN LATERAL (SELECT x.id, x.user_id, x.priority FROM submissions x
		WHERE x.status = 'pending' AND x.user_id = w.user_id AND %[1]s ORDER BY x.priority, x.id LIMIT %[2]d) p`
	}
	return `held AS (SELECT user_id, COUNT(*) AS n FROM (SELECT user_id FROM submissions WHERE status = 'judging' AND %[1]s%[3]s) hc GROUP BY user_id),
waiting AS (SELECT DISTINCT user_id FROM submissions WHERE status = 'pending' AND %[1]s),
turns AS (SELECT p.id, p.priority, ROW_NUMBER() OVER (PARTITION BY p.user_id ORDER BY p.priority, p.id) + COALESCE(h.n, 0) AS turn
	FROM waiting w ` + first + `
	LEFT JOIN held h ON h.user_id = p.user_id)`
}

// peekTurnsSQL selects the first id ClaimLane would claim with a cap,
// without claiming; peekSQL whether there is any to claim without one.
func peekTurnsSQL(postgres bool) string {
	return `WITH ` + turnsSQL(postgres) + `
SELECT id FROM turns WHERE turn <= ? LIMIT 1`
}

const peekSQL = `SELECT id FROM submissions WHERE status = 'pending' AND %[1]s LIMIT 1`

// claimTurnsSQLite and claimTurnsPostgres move the first n pending
// submissions of a lane, in turn, to judging in one statement; the outer
// "status = 'pending'" makes the update conditional. The picked ids are a
// MATERIALIZED CTE on PostgreSQL: a subquery in the WHERE may be run more
// than once there and claim more than n rows (seen on a real server).
var (
	claimTurnsSQLite = `UPDATE submissions SET status = 'judging', claim_token = claim_token + 1, claimed_at = ?
WHERE status = 'pending' AND id IN (WITH ` + turnsSQL(false) + `
	SELECT id FROM turns WHERE turn <= ? ORDER BY priority, turn, id LIMIT ?)
RETURNING id, user_id, problem_id, kind, case_id, puzzle, board, payload, claim_token, created_at, input_version, case_ids, format, verdict, language`
	claimTurnsPostgres = `WITH ` + turnsSQL(true) + `,
picked AS MATERIALIZED (SELECT id FROM turns WHERE turn <= ? ORDER BY priority, turn, id LIMIT ?)
UPDATE submissions AS s SET status = 'judging', claim_token = s.claim_token + 1, claimed_at = ?
FROM picked WHERE s.id = picked.id AND s.status = 'pending'
RETURNING s.id, s.user_id, s.problem_id, s.kind, s.case_id, s.puzzle, s.board, s.payload, s.claim_token, s.created_at,
	s.input_version, s.case_ids, s.format, s.verdict, s.language`
)

// Claim moves up to n pending submissions of any kind to judging, users in
// turn and without a cap (see ClaimLane); the claims are returned in id
// order.
func (d *DB) Claim(ctx context.Context, n int) ([]judge.Claim, error) {
	return d.ClaimLane(ctx, judge.LaneAll, n, 0)
}

// ClaimLane moves up to n pending submissions of lane to judging, users in
// turn, none past a user's perUser claims of the lane when perUser > 0; the
// claims are returned in id order.
func (d *DB) ClaimLane(ctx context.Context, lane judge.Lane, n, perUser int) ([]judge.Claim, error) {
	if n <= 0 {
		return nil, nil
	}
	limit := int64(noCap)
	if perUser > 0 {
		limit = int64(perUser)
	}
	now := time.Now().UTC()
	where := laneWhere(lane)
	// A read first: idle workers poll, and on SQLite every UPDATE takes
	// the one write lock, even one that claims nothing. Five workers
	// polling a lane with nothing to take (a user at the cap) made a
	// claim of answers wait 3-7 s in SQLite's busy handler. The read is
	// behind the gate too (while a backlog drains): a claim that waited
	// for an insert must see what it inserted.
	held := d.gate.worker()
	var next []int64
	peek, args := fmt.Sprintf(peekSQL, where), []any{}
	if perUser > 0 {
		peek, args = fmt.Sprintf(peekTurnsSQL(d.postgres), where, 1, heldRuns(lane, now)), []any{limit}
	}
	if err := d.db.WithContext(ctx).Raw(peek, args...).Scan(&next).Error; err != nil {
		d.gate.release(held)
		return nil, d.fail(err, "claim")
	}
	if len(next) == 0 {
		d.gate.release(held)
		if lane != judge.LanePrograms {
			d.gate.claimed(false)
		}
		return nil, nil
	}
	var rows []submissionRow
	var err error
	if d.postgres {
		q := fmt.Sprintf(claimTurnsPostgres, where, n, heldRuns(lane, now))
		err = d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", laneLock(lane)).Error; err != nil {
				return err
			}
			return tx.Raw(q, limit, n, now).Scan(&rows).Error
		})
	} else {
		err = d.db.WithContext(ctx).Raw(fmt.Sprintf(claimTurnsSQLite, where, n, heldRuns(lane, now)), now, limit, n).Scan(&rows).Error
	}
	d.gate.release(held)
	if err != nil {
		return nil, d.fail(err, "claim")
	}
	if lane != judge.LanePrograms { // programs are claimed one at a time: no backlog to tell
		d.gate.claimed(len(rows) == n)
	}
	slices.SortFunc(rows, func(a, b submissionRow) int { return int(a.ID - b.ID) })
	out := make([]judge.Claim, len(rows))
	for i, r := range rows {
		r.Status = string(judge.StatusJudging)
		out[i] = judge.Claim{Submission: viewOf(r).domain(), Token: r.ClaimToken}
	}
	return out, nil
}
