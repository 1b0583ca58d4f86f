package sandbox

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/criyle/go-judge/env"
	"gopkg.in/yaml.v3"
)

// systemMounts are the host's folders every program sees, read-only: the
// system's programs and libraries, and what compilers read at start.
var systemMounts = []string{
	"/bin", "/lib", "/lib64", "/usr",
	"/etc/ld.so.cache",
	"/etc/alternatives", // compilers chosen by update-alternatives (java)
}

// devices are the harmless devices programs expect.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}

// extraSystemMounts are configuration folders found on the host that a
// default language needs: OpenJDK reads its security settings from
// /etc/java-N-openjdk.
func extraSystemMounts() []string {
	found, _ := filepath.Glob("/etc/java-*-openjdk")
	return found
}

// writeMountConfig writes the container's mounts as go-judge's mount.yaml:
// the host's system folders read-only (and nothing else of the host but
// extra, read-only), the work folder /w and /tmp as tmpfs of workSize bytes,
// a read-only /proc. A go-judge server started with -mount-conf on it sees
// what the embedded sandbox sees.
func writeMountConfig(path string, workSize int64, extra []Mount) error {
	m := env.Mounts{
		WorkDir:    "/w",
		HostName:   "sandbox",
		DomainName: "sandbox",
		UID:        1000,
		GID:        1000,
		Proc:       true,
	}
	var ro []Mount
	for _, p := range append(append([]string{}, systemMounts...), extraSystemMounts()...) {
		ro = append(ro, Mount{Source: p})
	}
	for _, mt := range append(ro, extra...) {
		if mt.Target == "" {
			mt.Target = mt.Source
		}
		if !filepath.IsAbs(mt.Source) || !filepath.IsAbs(mt.Target) {
			return fmt.Errorf("read-only mount %s -> %s: paths must be absolute", mt.Source, mt.Target)
		}
		m.Mount = append(m.Mount, env.Mount{Type: "bind", Source: mt.Source, Target: mt.Target, Readonly: true})
	}
	for _, d := range devices {
		m.Mount = append(m.Mount, env.Mount{Type: "bind", Source: d, Target: d})
	}
	tmpfs := fmt.Sprintf("size=%dm,nr_inodes=16k", workSize/MiB)
	m.Mount = append(m.Mount,
		env.Mount{Type: "tmpfs", Target: "/w", Data: tmpfs},
		env.Mount{Type: "tmpfs", Target: "/tmp", Data: tmpfs},
	)
	data, err := yaml.Marshal(m)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}

// WriteMountConfig writes the mounts of the embedded sandbox (with the work
// folders of DefaultWorkFolderSize and extra read-only) as go-judge's
// mount.yaml at path: `go-judge -mount-conf path` then offers the same
// languages as the embedded sandbox (docs/DEPLOY.md, and the tests that
// point the server at a go-judge of their own).
func WriteMountConfig(path string, extra []Mount) error {
	return writeMountConfig(path, DefaultWorkFolderSize, extra)
}
