package vm

import (
	"unsafe"

	"github.com/cyqdb/cyq/value"
)

// Boxing without allocation. Converting an int64 to value.Int inside a
// value.Value allocates 8 bytes (Go keeps only 0..255 preallocated), so a
// grouping table that hands out 80,000 counts or integer keys would make
// 80,000 small objects for the collector. A table's integer and float
// cells live in flat, never-rewritten slabs instead, and the values it
// hands out point into them: an interface value is a type word and a data
// pointer, and the data pointer of a boxed 8-byte value may point at any
// 8 bytes holding it. The slab stays alive while any such value does (the
// collector follows the pointer into it but does not scan it: it holds no
// pointers). TestBoxedCells checks the layout this relies on.

// iface is the layout of a non-empty interface value.
type iface struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

var (
	intTab   = (*iface)(unsafe.Pointer(&[]value.Value{value.Int(0)}[0])).tab
	floatTab = (*iface)(unsafe.Pointer(&[]value.Value{value.Float(0)}[0])).tab
	listTab  = (*iface)(unsafe.Pointer(&[]value.Value{value.List{}}[0])).tab
)

// boxInt returns value.Int(*p) as a value.Value that refers to *p. *p
// must never be written again.
func boxInt(p *int64) value.Value {
	var v value.Value
	b := (*iface)(unsafe.Pointer(&v))
	b.tab = intTab
	b.data = unsafe.Pointer(p)
	return v
}

// boxFloat returns value.Float of the float64 whose bits are *p, as a
// value.Value that refers to *p. *p must never be written again.
func boxFloat(p *int64) value.Value {
	var v value.Value
	b := (*iface)(unsafe.Pointer(&v))
	b.tab = floatTab
	b.data = unsafe.Pointer(p)
	return v
}

// boxList returns *p as a value.Value that refers to *p (a list header in
// a column of them). *p must never be written again.
func boxList(p *value.List) value.Value {
	var v value.Value
	b := (*iface)(unsafe.Pointer(&v))
	b.tab = listTab
	b.data = unsafe.Pointer(p)
	return v
}
