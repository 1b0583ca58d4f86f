package store

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"
)

// storageFull reports whether err says the storage is full: SQLite's
// SQLITE_FULL, PostgreSQL's disk_full (53100) or out_of_memory (53200).
func storageFull(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) && se.Code == sqlite3.ErrFull {
		return true
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "53100" || pe.Code == "53200")
}

// heartbeatRow is the row Heartbeat writes.
type heartbeatRow struct {
	ID  int64 `gorm:"primaryKey"`
	At  time.Time
	Pad []byte `gorm:"not null"`
}

func (heartbeatRow) TableName() string { return "heartbeats" }

// heartbeatPad is larger than a SQLite page, so that a heartbeat needs pages
// of its own: when nothing can grow, it fails like the inserts of
// submissions do. (Rewriting one small row in place would succeed on a full
// disk, and the probe would say all is well.)
const heartbeatPad = 8 << 10

// Heartbeat probes a write: it inserts a heartbeat, then deletes the older
// ones, in one transaction. The pages the last probe freed are taken by the
// next writes, so when the storage is full this insert is refused too.
func (d *DB) Heartbeat(ctx context.Context) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row := heartbeatRow{At: time.Now().UTC(), Pad: make([]byte, heartbeatPad)}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return tx.Where("id < ?", row.ID).Delete(&heartbeatRow{}).Error
	})
	return d.fail(err, "heartbeat")
}

// rateLog logs an error at most once per interval and says how many it
// left out since. Its clock is a value, so that tests move time by hand.
type rateLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu      sync.Mutex
	last    time.Time
	dropped int
}

func newRateLog(log *slog.Logger, every time.Duration, now func() time.Time) *rateLog {
	return &rateLog{log: log, every: every, now: now}
}

// Error logs msg with args unless it logged less than an interval ago.
func (r *rateLog) Error(msg string, args ...any) {
	r.mu.Lock()
	now := r.now()
	if !r.last.IsZero() && now.Sub(r.last) < r.every {
		r.dropped++
		r.mu.Unlock()
		return
	}
	dropped := r.dropped
	r.last, r.dropped = now, 0
	r.mu.Unlock()
	if dropped > 0 {
		args = append(args, "repeated", dropped)
	}
	r.log.Error(msg, args...)
}
