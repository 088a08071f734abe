//! A counting global allocator: how many allocations, how many bytes live, the peak. A
//! binary opts in with
//! `#[global_allocator] static A: entente_bench::alloc::Counting = entente_bench::alloc::Counting;`
//! (the `entente-bench` binary, the examples and the no-allocation tests do; the product
//! binary `entente` does not, and does not depend on this crate). Three relaxed atomic
//! operations per allocation: nothing measurable next to the allocation itself.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

pub struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ACTIVE: AtomicBool = AtomicBool::new(false);

thread_local! {
    // Const-initialized and without destructor: safe to touch from inside the allocator.
    static THREAD_ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static HOOK: Cell<Option<fn(&Layout)>> = const { Cell::new(None) };
    static IN_HOOK: Cell<bool> = const { Cell::new(false) };
}

#[inline]
fn counted(layout: &Layout) {
    ALLOCATIONS.fetch_add(1, Relaxed);
    let _ = THREAD_ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    let _ = HOOK.try_with(|h| {
        if let Some(f) = h.get() {
            if !IN_HOOK.with(|g| g.replace(true)) {
                f(layout);
                IN_HOOK.with(|g| g.set(false));
            }
        }
    });
}

#[inline]
fn grew(size: usize) {
    ACTIVE.store(true, Relaxed);
    let now = LIVE.fetch_add(size, Relaxed) + size;
    PEAK.fetch_max(now, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted(&layout);
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted(&layout);
        grew(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        counted(&layout);
        if new_size >= layout.size() {
            grew(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Is the counting allocator this binary's global allocator (has it seen an allocation)?
pub fn installed() -> bool {
    drop(std::hint::black_box(Box::new(0u64)));
    ACTIVE.load(Relaxed)
}

/// Allocations (and reallocations) so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Relaxed)
}

/// Allocations (and reallocations) so far on this thread: what a test running beside others
/// can count.
pub fn thread_allocations() -> u64 {
    THREAD_ALLOCATIONS.with(|c| c.get())
}

/// Calls `hook` on every allocation of this thread (not on allocations the hook itself
/// makes), e.g. to print a backtrace of where the hot path allocates; `None` stops.
pub fn set_thread_hook(hook: Option<fn(&Layout)>) {
    HOOK.with(|h| h.set(hook));
}

/// Bytes allocated and not yet freed.
pub fn live_bytes() -> usize {
    LIVE.load(Relaxed)
}

/// The most bytes live at once since the last [`reset_peak`].
pub fn peak_bytes() -> usize {
    PEAK.load(Relaxed)
}

/// Starts a new peak measurement from what is live now.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Relaxed), Relaxed);
}

/// A field of `/proc/self/status` in KiB (`VmHWM`: peak resident memory; `VmRSS`: now).
pub fn proc_status_kib(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}
