package sandbox

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// diskCache keeps compiled artifacts in a folder, so that a restart (or
// another process on the same host and folder) reuses a binary compiled
// before instead of compiling it again. Each artifact is one file named by
// its key (the hash of source, commands and compiler version), written to a
// temporary name and renamed: a reader sees a whole entry or none, and
// processes sharing the folder need no lock. The entry carries the SHA-256
// of its body: one cut short by a power loss is a miss, and is removed.
//
// The folder is capped at max bytes: a hit touches the entry's time, and
// when a write takes the total over max the oldest entries go until it is
// under three quarters of max (so that a burst does not prune at every
// compile).
type diskCache struct {
	dir string
	max int64

	mu   sync.Mutex
	size int64 // the entries' bytes, as this process counts them
}

// diskEntry is an artifact as it is stored.
type diskEntry struct {
	Output string
	Files  map[string][]byte
}

const diskSuffix = ".art"

// staleTemp is the age after which a temporary file is a dead writer's.
const staleTemp = time.Hour

// openDiskCache opens (creating it) the folder dir, capped at max bytes,
// and prunes it to the cap.
func openDiskCache(dir string, max int64) (*diskCache, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("sandbox: compile cache: %w", err)
	}
	d := &diskCache{dir: dir, max: max}
	if err := d.prune(max); err != nil {
		return nil, fmt.Errorf("sandbox: compile cache: %w", err)
	}
	return d, nil
}

func (d *diskCache) path(key string) string {
	return filepath.Join(d.dir, key[:2], key+diskSuffix)
}

// get returns the entry of key; ok is false when there is none, or the one
// found is damaged (then it is removed).
func (d *diskCache) get(key string) (e diskEntry, ok bool) {
	if len(key) < 2 {
		return e, false
	}
	p := d.path(key)
	b, err := os.ReadFile(p)
	if err != nil {
		return e, false
	}
	if len(b) < sha256.Size || !validEntry(b[:sha256.Size], b[sha256.Size:], &e) {
		os.Remove(p)
		return diskEntry{}, false
	}
	now := time.Now()
	os.Chtimes(p, now, now) // its place in the least-recently-used order
	return e, true
}

// validEntry decodes body into e if it is whole: its SHA-256 is sum.
func validEntry(sum, body []byte, e *diskEntry) bool {
	got := sha256.Sum256(body)
	return bytes.Equal(sum, got[:]) && gob.NewDecoder(bytes.NewReader(body)).Decode(e) == nil && len(e.Files) > 0
}

// put stores the entry of key, then prunes when the folder is over its cap.
func (d *diskCache) put(key string, e diskEntry) error {
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(e); err != nil {
		return err
	}
	sum := sha256.Sum256(body.Bytes())
	p := d.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), key+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(sum[:])
	if werr == nil {
		_, werr = f.Write(body.Bytes())
	}
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return err
	}
	d.mu.Lock()
	d.size += int64(sha256.Size + body.Len())
	over := d.size > d.max
	d.mu.Unlock()
	if over {
		return d.prune(d.max * 3 / 4)
	}
	return nil
}

// prune removes the least recently used entries until the folder holds at
// most keep bytes, and temporary files of writers long gone.
func (d *diskCache) prune(keep int64) error {
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var entries []entry
	var total int64
	err := filepath.WalkDir(d.dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) { // removed by another process meanwhile
				return nil
			}
			return err
		}
		if de.IsDir() {
			return nil
		}
		info, err := de.Info()
		if err != nil {
			return nil
		}
		switch {
		case strings.HasSuffix(p, ".tmp"):
			if time.Since(info.ModTime()) > staleTemp {
				os.Remove(p)
			}
		case strings.HasSuffix(p, diskSuffix):
			entries = append(entries, entry{p, info.Size(), info.ModTime()})
			total += info.Size()
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(entries, func(a, b entry) int { return a.used.Compare(b.used) })
	for _, e := range entries {
		if total <= keep {
			break
		}
		if err := os.Remove(e.path); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= e.size
		}
	}
	d.mu.Lock()
	d.size = total
	d.mu.Unlock()
	return nil
}
