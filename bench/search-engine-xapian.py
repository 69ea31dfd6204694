#!/usr/bin/python3
"""
Search benchmark of a dedicated engine beside the app: Xapian (Debian's python3-xapian, 1.4), on the same synthetic
Discogs dumps as the import and read benchmarks (bench/synthetic-dumps.ts), for the ADR that compares it with
PostgreSQL full-text search + pg_trgm for `GET /database/search`.

1. Indexes one document per label, artist, master and release of the four dump files (streamed: gzip through a
   `gzip -dc` child process, xml.etree iterparse, each record cleared once indexed) into a fresh Xapian database on
   disk, then compacts it (as an operator would after a full rebuild), and prints records/s, seconds, peak RSS and the
   size on disk.
2. Runs each query kind --runs times (varied instances drawn from the first 1,000 records of each dump, the samples
   of composition/demo-data/ in a synthetic dump) after --warmup other instances, with pages of 50, in process
   (xapian.Database) and through xapian-tcpsrv (xapian.remote_open, a server beside the app), each with an exact
   total (get_mset checkatleast = the document count, as the API's `pagination.items` needs) and with Xapian's
   default estimate; prints p50 and p95 latency per kind in milliseconds.

Run with Debian's Python (the module is in /usr/lib/python3/dist-packages, not in a pyenv or venv Python):

    /usr/bin/python3 bench/search-engine-xapian.py --records 1000000 [--dumps DIR] [--db DIR] [--reuse]

Stdlib only besides xapian. See bench/README.md ("Search engine: Xapian").
"""

import argparse
import gzip
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unicodedata
import xml.etree.ElementTree as ET

try:
    import xapian
except ImportError:
    sys.exit('python3-xapian is missing: apt-get install -y xapian-tools python3-xapian, and run /usr/bin/python3')

KINDS = ('labels', 'artists', 'masters', 'releases')  # the import order of the benchmarks
RECORD = {'labels': 'label', 'artists': 'artist', 'masters': 'master', 'releases': 'release'}
DUMP_DATE = '20990101'  # bench/synthetic-dumps.ts SYNTHETIC_DUMP_DATE

# Field prefixes. Text fields (stemmed like the free text) are the `title`, `release_title`, `artist`, `anv`,
# `credit`, `label` and `track` parameters of Discogs' search; the others are exact (boolean) terms, lowercased.
TEXT_PREFIXES = {
    'title': 'S',  # "Artist - Title" (Discogs' `title`), or the name of an artist or label
    'release_title': 'XRT',
    'artist': 'A',
    'anv': 'XANV',
    'credit': 'XCR',  # extraartists
    'label': 'XL',
    'track': 'XTR',
}
BOOLEAN_PREFIXES = {
    'type': 'XTY',
    'catno': 'XCAT',  # lowercased, only letters and digits kept
    'barcode': 'XBC',  # digits only
    'genre': 'XG',
    'style': 'XST',
    'country': 'XCO',
    'year': 'Y',
    'format': 'XFO',
}
ID_PREFIX = 'Q'  # unique id term: Q<type letter><id>, e.g. Qr1 (what an incremental update replaces by)

# Value slots.
VALUE_ID = 0
VALUE_YEAR = 1
VALUE_POPULARITY = 2  # have + want: 0 in a fresh synthetic catalogue

PAGE_SIZE = 50
DEEP_PAGE = 2000  # page 2,000 of 50: offset 99,950
SAMPLES = 1000  # records of each kind instances are drawn from (the demo-data samples in a synthetic dump)


# ---------------------------------------------------------------------------------------------------------------
# Text


def fold(s):
    """Accents folded: NFKD, combining marks dropped (é → e, ö → o; ø and ß have no decomposition and stay)."""
    if s.isascii():
        return s
    return ''.join(c for c in unicodedata.normalize('NFKD', s) if not unicodedata.combining(c))


def exact(s):
    """A boolean term's value: folded, lowercased, at most 200 bytes (Xapian's terms are limited to 245)."""
    return fold(s).lower().strip().encode('utf-8')[:200].decode('utf-8', 'ignore')


def catno_key(s):
    return re.sub(r'[^0-9a-z]', '', fold(s).lower())


def digits(s):
    return re.sub(r'\D', '', s)


def artist_string(artists):
    """Discogs' "A & B" from the (name, anv, join) of the credited artists."""
    out = ''
    for i, (name, _anv, join) in enumerate(artists):
        out += name
        if i < len(artists) - 1:
            out += ', ' if not join or join == ',' else f' {join} '
    return out


# ---------------------------------------------------------------------------------------------------------------
# Dumps


def dump_files(dumps_dir):
    files = {}
    for kind in KINDS:
        names = [n for n in os.listdir(dumps_dir) if re.search(rf'_{kind}\.xml(\.gz)?$', n)]
        if len(names) != 1:
            sys.exit(f'{dumps_dir} should hold one {kind} dump (discogs_*_{kind}.xml.gz), found {names}')
        files[kind] = os.path.join(dumps_dir, names[0])
    return files


class DumpStream:
    """The records of a dump file: depth-1 elements, cleared from the tree after being yielded (constant memory)."""

    def __init__(self, path, kind):
        self.path = path
        self.tag = RECORD[kind]
        self.proc = None

    def __iter__(self):
        if self.path.endswith('.gz') and shutil.which('gzip'):
            # Decompressing in another process uses the second core while this one parses and indexes.
            self.proc = subprocess.Popen(['gzip', '-dc', self.path], stdout=subprocess.PIPE, bufsize=1 << 20)
            stream = self.proc.stdout
        elif self.path.endswith('.gz'):
            stream = gzip.open(self.path, 'rb')
        else:
            stream = open(self.path, 'rb')
        try:
            it = ET.iterparse(stream, events=('start', 'end'))
            _, root = next(it)
            depth = 0
            for event, el in it:
                if event == 'start':
                    depth += 1
                    continue
                depth -= 1
                if depth == 0:
                    if el.tag == self.tag:
                        yield el
                    root.clear()
        finally:
            self.close()
            stream.close()

    def close(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
        if self.proc:
            self.proc.wait()
            self.proc = None


# ---------------------------------------------------------------------------------------------------------------
# Records → search documents


def text_of(el, path):
    return (el.findtext(path) or '').strip()


def credits(el, path):
    return [(text_of(a, 'name'), text_of(a, 'anv'), text_of(a, 'join')) for a in el.iterfind(path)]


def year_of(s):
    return int(s[:4]) if len(s) >= 4 and s[:4].isdigit() and s[:4] != '0000' else 0


def release_record(el):
    artists = credits(el, 'artists/artist')
    title = text_of(el, 'title')
    labels = [(l.get('name', '').strip(), l.get('catno', '').strip()) for l in el.iterfind('labels/label')]
    formats = []
    for f in el.iterfind('formats/format'):
        formats.append(f.get('name', ''))
        formats.extend((d.text or '') for d in f.iterfind('descriptions/description'))
        if f.get('text'):
            formats.append(f.get('text'))
    return {
        'id': int(el.get('id')),
        'type': 'release',
        'title': title,
        'artists': artists,
        'credits': [name for name, _, _ in credits(el, 'extraartists/artist')],
        'labels': labels,
        'formats': [f for f in formats if f],
        'genres': [g.text or '' for g in el.iterfind('genres/genre')],
        'styles': [s.text or '' for s in el.iterfind('styles/style')],
        'country': text_of(el, 'country'),
        'year': year_of(text_of(el, 'released')),
        'tracks': [text_of(t, 'title') for t in el.iterfind('tracklist//track')],
        'barcodes': [i.get('value', '') for i in el.iterfind('identifiers/identifier') if i.get('type') == 'Barcode'],
    }


def master_record(el):
    return {
        'id': int(el.get('id')),
        'type': 'master',
        'title': text_of(el, 'title'),
        'artists': credits(el, 'artists/artist'),
        'genres': [g.text or '' for g in el.iterfind('genres/genre')],
        'styles': [s.text or '' for s in el.iterfind('styles/style')],
        'year': year_of(text_of(el, 'year')),
    }


def artist_record(el):
    return {
        'id': int(text_of(el, 'id') or 0),
        'type': 'artist',
        'name': text_of(el, 'name'),
        'realname': text_of(el, 'realname'),
        'variations': [n.text or '' for n in el.iterfind('namevariations/name')],
    }


def label_record(el):
    return {'id': int(text_of(el, 'id') or 0), 'type': 'label', 'name': text_of(el, 'name')}


RECORD_OF = {'releases': release_record, 'masters': master_record, 'artists': artist_record, 'labels': label_record}
TYPE_LETTER = {'release': 'r', 'master': 'm', 'artist': 'a', 'label': 'l'}


class Indexer:
    def __init__(self, db, spelling, positions):
        self.tg = xapian.TermGenerator()
        self.tg.set_stemmer(xapian.Stem('english'))
        # Only stemmed terms, as PostgreSQL's to_tsvector('english') keeps only lexemes.
        self.tg.set_stemming_strategy(xapian.TermGenerator.STEM_ALL)
        if spelling:
            self.tg.set_database(db)
            self.tg.set_flags(xapian.TermGenerator.FLAG_SPELLING)  # add_spelling for every unprefixed word
        self.index_text = self.tg.index_text if positions else self.tg.index_text_without_positions
        self.positions = positions

    def text(self, s, wdf=1, prefix=''):
        if s:
            self.index_text(fold(s), wdf, prefix)
            if self.positions:
                self.tg.increase_termpos()  # no phrase across two fields

    def document(self, r):
        doc = xapian.Document()
        self.tg.set_document(doc)
        t = r['type']
        doc.add_boolean_term(BOOLEAN_PREFIXES['type'] + t)
        doc.add_boolean_term(f"{ID_PREFIX}{TYPE_LETTER[t]}{r['id']}")
        doc.add_value(VALUE_ID, xapian.sortable_serialise(r['id']))
        doc.add_value(VALUE_POPULARITY, xapian.sortable_serialise(0))
        if t in ('release', 'master'):
            self.release_or_master(doc, r)
        else:
            name = r['name']
            self.text(name, 3)
            self.text(name, 1, TEXT_PREFIXES['title'])
            self.text(name, 1, TEXT_PREFIXES['artist' if t == 'artist' else 'label'])
            if t == 'artist':
                self.text(r['realname'])
                for v in r['variations']:
                    self.text(v)
                    self.text(v, 1, TEXT_PREFIXES['anv'])
            doc.set_data(json.dumps({'id': r['id'], 'type': t, 'title': name}, ensure_ascii=False, separators=(',', ':')))
        return doc

    def release_or_master(self, doc, r):
        P = TEXT_PREFIXES
        B = BOOLEAN_PREFIXES
        full_title = f"{artist_string(r['artists'])} - {r['title']}"
        self.text(r['title'], 3)
        self.text(r['title'], 1, P['release_title'])
        self.text(full_title, 1, P['title'])
        for name, anv, _ in r['artists']:
            self.text(name, 2)
            self.text(name, 1, P['artist'])
            if anv:
                self.text(anv)
                self.text(anv, 1, P['anv'])
        for g in r['genres']:
            self.text(g)
            doc.add_boolean_term(B['genre'] + exact(g))
        for s in r['styles']:
            self.text(s)
            doc.add_boolean_term(B['style'] + exact(s))
        if r['year']:
            doc.add_boolean_term(f"{B['year']}{r['year']}")
            doc.add_value(VALUE_YEAR, xapian.sortable_serialise(r['year']))
        result = {'id': r['id'], 'type': r['type'], 'title': full_title, 'year': str(r['year']) if r['year'] else ''}
        if r['type'] == 'release':
            for name in r['credits']:
                self.text(name)
                self.text(name, 1, P['credit'])
            catnos = []
            for name, catno in r['labels']:
                self.text(name, 2)
                self.text(name, 1, P['label'])
                if catno and catno.lower() != 'none':
                    catnos.append(catno)
                    self.text(catno, 2)
                    key = catno_key(catno)
                    if key:
                        doc.add_boolean_term(B['catno'] + key)
            for track in r['tracks']:
                self.text(track)
                self.text(track, 1, P['track'])
            barcodes = [b for b in r['barcodes'] if b]
            for b in barcodes:
                d = digits(b)
                if d:
                    self.text(d)
                    doc.add_boolean_term(B['barcode'] + d)
            if r['country']:
                doc.add_boolean_term(B['country'] + exact(r['country']))
            for f in r['formats']:
                doc.add_boolean_term(B['format'] + exact(f))
            result.update({
                'country': r['country'],
                'format': r['formats'],
                'label': [name for name, _ in r['labels']],
                'catno': catnos[0] if catnos else '',
                'barcode': barcodes,
            })
        result.update({'genre': r['genres'], 'style': r['styles']})
        doc.set_data(json.dumps(result, ensure_ascii=False, separators=(',', ':')))


def dir_size(path):
    total = 0
    for dirpath, _, names in os.walk(path):
        for n in names:
            total += os.path.getsize(os.path.join(dirpath, n))
    return total


def peak_rss_mb():
    status = proc_status()
    if 'VmHWM' in status:
        return status['VmHWM'] / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def proc_status(pid='self'):
    try:
        with open(f'/proc/{pid}/status') as f:
            return {k: int(v.split()[0]) for k, v in (l.split(':', 1) for l in f) if v.strip().endswith('kB')}
    except OSError:
        return {}


def reset_peak_rss():
    try:
        with open('/proc/self/clear_refs', 'w') as f:
            f.write('5')
    except OSError:
        pass


def parse_into(path, kind, queue):
    """In the parsing process: the records of the file as dicts, in batches, then None."""
    to_record = RECORD_OF[kind]
    batch = []
    for el in DumpStream(path, kind):
        batch.append(to_record(el))
        if len(batch) == 500:
            queue.put(batch)
            batch = []
    queue.put(batch)
    queue.put(None)


def parsed_records(path, kind, workers):
    """The records of a dump file; with workers = 1, parsed in another process while this one indexes."""
    if workers == 0:
        to_record = RECORD_OF[kind]
        for el in DumpStream(path, kind):
            yield to_record(el)
        return
    ctx = multiprocessing.get_context('fork')
    queue = ctx.Queue(maxsize=16)  # at most 16 batches of 500 records waiting: constant memory
    proc = ctx.Process(target=parse_into, args=(path, kind, queue), daemon=True)
    proc.start()
    try:
        while (batch := queue.get()) is not None:
            yield from batch
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join()
        if proc.exitcode not in (0, -15):
            sys.exit(f'parsing {path} failed (exit code {proc.exitcode})')


def build(files, db_path, args):
    if os.path.exists(db_path):
        shutil.rmtree(db_path)
    os.environ['XAPIAN_FLUSH_THRESHOLD'] = str(args.flush)
    db = xapian.WritableDatabase(db_path, xapian.DB_CREATE_OR_OVERWRITE)
    indexer = Indexer(db, spelling=not args.no_spelling, positions=not args.no_positions)
    rows = []
    t_all = time.perf_counter()
    for kind in KINDS:
        reset_peak_rss()
        t0 = time.perf_counter()
        c0 = resource.getrusage(resource.RUSAGE_SELF)
        k0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        n = 0
        for r in parsed_records(files[kind], kind, args.parse_workers):
            if r['id'] <= 0:
                continue
            db.add_document(indexer.document(r))
            n += 1
            if n % 100000 == 0:
                print(f'  {kind}: {n:,} ({n / (time.perf_counter() - t0):,.0f}/s)', file=sys.stderr, flush=True)
        db.commit()
        s = time.perf_counter() - t0
        c1 = resource.getrusage(resource.RUSAGE_SELF)
        k1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        index_cpu = c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime
        parse_cpu = k1.ru_utime + k1.ru_stime - k0.ru_utime - k0.ru_stime
        rows.append((kind, n, s, peak_rss_mb(), index_cpu, parse_cpu))
    total = time.perf_counter() - t_all
    db.close()
    size = dir_size(db_path)
    print(f'\nIndexing (Xapian {xapian.version_string()}, glass backend, English stemming (STEM_ALL), '
          f'{"positions" if not args.no_positions else "no positions"}, '
          f'{"spelling data" if not args.no_spelling else "no spelling data"}, XAPIAN_FLUSH_THRESHOLD={args.flush})')
    print(f"{'':10} {'records':>10} {'seconds':>9} {'records/s':>10} {'peak RSS (MB)':>14}"
          f"   CPU µs/record (indexing / parsing, gzip)")
    for kind, n, s, rss, icpu, pcpu in rows:
        print(f'{kind:10} {n:>10} {s:>9.1f} {n / s:>10.0f} {rss:>14.0f}   {1e6 * icpu / n:.0f} / {1e6 * pcpu / n:.0f}')
    n_all = sum(r[1] for r in rows)
    icpu = sum(r[4] for r in rows)
    pcpu = sum(r[5] for r in rows)
    print(f"{'total':10} {n_all:>10} {total:>9.1f} {n_all / total:>10.0f} {max(r[3] for r in rows):>14.0f}"
          f"   {1e6 * icpu / n_all:.0f} / {1e6 * pcpu / n_all:.0f}")
    print(f'database on disk: {size / 1e6:,.0f} MB ({db_path}); load average {load()}')
    out = {'records': n_all, 'seconds': total, 'size': size, 'rows': rows, 'index_cpu': icpu, 'parse_cpu': pcpu}
    if not args.no_compact:
        compact_path = db_path + '.compact'
        if os.path.exists(compact_path):
            shutil.rmtree(compact_path)
        t0 = time.perf_counter()
        xapian.Database(db_path).compact(compact_path)
        cs = time.perf_counter() - t0
        csize = dir_size(compact_path)
        shutil.rmtree(db_path)
        os.rename(compact_path, db_path)
        print(f'compacted (xapian Database.compact, as xapian-compact): {cs:.1f} s, {csize / 1e6:,.0f} MB on disk')
        out.update({'compact_seconds': cs, 'compact_size': csize})
    for name in sorted(os.listdir(db_path)):
        print(f'  {name:20} {os.path.getsize(os.path.join(db_path, name)) / 1e6:>9,.0f} MB')
    return out


# ---------------------------------------------------------------------------------------------------------------
# Query instances


def sample_records(files):
    """The first SAMPLES records of each kind (in a synthetic dump: the 1,000 demo-data samples)."""
    out = {}
    for kind in KINDS:
        stream = DumpStream(files[kind], kind)
        recs = []
        for el in stream:
            r = RECORD_OF[kind](el)
            if r['id'] > 0:
                recs.append(r)
            if len(recs) >= SAMPLES:
                break
        stream.close()
        out[kind] = recs
    return out


WORD = re.compile(r"[^\W\d_]{2,}")


def words(s):
    return WORD.findall(fold(s).lower())


def misspell(word, rng):
    """One edit (a transposition, deletion, substitution or insertion) away, not in the first letter."""
    i = rng.randrange(1, len(word) - 1)
    op = rng.choice(('swap', 'delete', 'replace', 'insert'))
    if op == 'swap' and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if op == 'delete':
        return word[:i] + word[i + 1:]
    letter = rng.choice([c for c in 'abcdefghijklmnopqrstuvwxyz' if c != word[i]])
    if op == 'insert':
        return word[:i] + letter + word[i:]
    return word[:i] + letter + word[i + 1:]


def instances(samples, n, rng, termfreq):
    """n instances of each query kind: {kind: [(description, params)]}; params as the API's query string."""
    releases = samples['releases']
    title_words = {}
    for r in releases:
        for w in words(r['title']):
            title_words[w] = title_words.get(w, 0) + 1
    common = [w for w, _ in sorted(title_words.items(), key=lambda kv: -kv[1])[:10]]
    # The deep page needs a word with more than 100,000 matches; else the most frequent.
    deep = [w for w in common if termfreq(w) > (DEEP_PAGE - 1) * PAGE_SIZE] or [max(common, key=termfreq)]
    with_artist = [r for r in releases if r['artists'] and words(r['artists'][0][0]) and words(r['title'])]
    with_catno = [r for r in releases if any(c and c.lower() != 'none' and catno_key(c) and l for l, c in r['labels'])]
    with_barcode = [r for r in releases if any(digits(b) for b in r['barcodes'])]
    long_word_titles = [r for r in releases if any(len(w) >= 5 for w in words(r['title'])[:4])]
    with_genre_year = [r for r in releases if r['genres'] and r['year']]
    artists = [a for a in samples['artists'] if words(a['name'])]

    def pick(seq):
        return seq[rng.randrange(len(seq))]

    def two_words():
        r = pick(with_artist)
        return {'q': f"{pick(words(r['artists'][0][0]))} {pick(words(r['title']))}"}

    def label_catno():
        r = pick(with_catno)
        label, catno = next((l, c) for l, c in r['labels'] if c and c.lower() != 'none' and catno_key(c) and l)
        return {'label': label, 'catno': catno}

    def misspelled():
        r = pick(long_word_titles)
        ws = words(r['title'])[:4]
        i = next(i for i, w in enumerate(ws) if len(w) >= 5)
        wrong = list(ws)
        wrong[i] = misspell(ws[i], rng)
        return {'q': ' '.join(wrong), '_intended': ' '.join(ws)}

    def genre_year():
        r = pick(with_genre_year)
        return {'genre': pick(r['genres']), 'year': str(r['year'])}

    makers = {
        'one common word': lambda: {'q': pick(common)},
        'two words': two_words,
        'artist (field)': lambda: {'artist': artist_string(pick(with_artist)['artists'])},
        'release_title (field)': lambda: {'release_title': pick(with_artist)['title']},
        'label + catno': label_catno,
        'barcode': lambda: {'barcode': pick([b for b in pick(with_barcode)['barcodes'] if digits(b)])},
        'misspelled free text': misspelled,
        'genre + year': genre_year,
        f'deep page ({DEEP_PAGE:,} of {PAGE_SIZE})': lambda: {'q': pick(deep), 'page': DEEP_PAGE},
        'type=artist': lambda: {'q': pick(artists)['name'], 'type': 'artist'},
    }
    return {kind: [make() for _ in range(n)] for kind, make in makers.items()}, common, deep


# ---------------------------------------------------------------------------------------------------------------
# Querying


class Searcher:
    def __init__(self, db, spelling_db=None):
        self.db = db
        self.doccount = db.get_doccount()
        self.qp = xapian.QueryParser()
        self.qp.set_stemmer(xapian.Stem('english'))
        self.qp.set_stemming_strategy(xapian.QueryParser.STEM_ALL)
        self.qp.set_default_op(xapian.Query.OP_AND)
        self.qp.set_database(db)
        self.stem = xapian.Stem('english')
        self.spelling_db = spelling_db or db
        self.flags = xapian.QueryParser.FLAG_DEFAULT

    def correct(self, text):
        out = []
        for w in fold(text).lower().split():
            if WORD.fullmatch(w) and not self.db.term_exists(self.stem(w)):
                w = self.spelling_db.get_spelling_suggestion(w).decode('utf-8') or w
            out.append(w)
        return ' '.join(out)

    def parse(self, text, prefix=''):
        return self.qp.parse_query(fold(text).lower(), self.flags, prefix)

    def query(self, params):
        """The Xapian query of the API's parameters (q, the text fields, the boolean filters), and notes."""
        notes = {}
        scored = []
        q = params.get('q')
        if q is not None:
            if '_intended' in params:
                # Xapian 1.4 has no fuzzy matching (FLAG_FUZZY / OP_EDIT_DISTANCE come with 1.5). The spelling route:
                # each word that is not in the index is replaced by the spelling suggestion (the most frequent word
                # of the spelling data within 2 edits). QueryParser's FLAG_SPELLING_CORRECTION is not used: 1.4's
                # get_spelling_suggestion also "corrects" words that exist (gold → god, live → like, open → on)
                # whenever a more frequent word is within 2 edits.
                q = self.correct(q)
                notes['corrected'] = q == params['_intended']
            scored.append(self.parse(q))
        for field, prefix in TEXT_PREFIXES.items():
            if field in params:
                scored.append(self.parse(params[field], prefix))
        filters = []
        for field, prefix in BOOLEAN_PREFIXES.items():
            if field in params:
                value = params[field]
                value = catno_key(value) if field == 'catno' else digits(value) if field == 'barcode' else exact(value)
                filters.append(xapian.Query(prefix + value))
        query = xapian.Query(xapian.Query.OP_AND, scored) if scored else None
        if filters:
            f = xapian.Query(xapian.Query.OP_AND, filters)
            query = xapian.Query(xapian.Query.OP_FILTER, query, f) if query else xapian.Query(xapian.Query.OP_SCALE_WEIGHT, f, 0)
        return query, notes

    def search(self, params, exact_count, sort_by_id_value=False, with_data=True):
        """One page: (total, total is exact, [document data] or [docids]), notes."""
        query, notes = self.query(params)
        enquire = xapian.Enquire(self.db)
        enquire.set_query(query)
        if sort_by_id_value:
            enquire.set_sort_by_relevance_then_value(VALUE_ID, False)
        # Else relevance, then docid: documents were added in id order of each kind (labels, artists, masters,
        # releases), so ties are in (kind, id) order.
        offset = (params.get('page', 1) - 1) * PAGE_SIZE
        mset = enquire.get_mset(offset, PAGE_SIZE, self.doccount if exact_count else 0)
        # No mset.fetch(): a prefetch hint that changes nothing measurable here, and that crashes 1.4.22 (segfault)
        # on a page past offset 0 of a large match set.
        # Over the remote protocol of 1.4 each document is one round trip (fetch() does not batch them).
        page = [m.document.get_data() for m in mset] if with_data else [m.docid for m in mset]
        total = mset.get_matches_estimated()
        is_exact = mset.get_matches_lower_bound() == mset.get_matches_upper_bound()
        return (total, is_exact, page), notes


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))]


def cpu_seconds(pid='self'):
    """User + system CPU seconds of a process (of this one, all threads, by default)."""
    if pid == 'self':
        return time.process_time()
    try:
        with open(f'/proc/{pid}/stat') as f:
            fields = f.read().rsplit(')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
    except OSError:
        return 0.0


def measure(searcher, kinds, warmup, exact_count, exact_totals=None, with_data=True, server_pid=None):
    """{kind: {p50, p95, totals, exact share, CPU, notes}}; the first `warmup` instances of each kind are not timed.
    CPU: mean ms per query of this process, plus the server's (its connection handler) through xapian-tcpsrv: less
    sensitive than latencies to other work on the machine."""
    out = {}
    for kind, insts in kinds.items():
        sort_by_value = kind.endswith('id value')
        times = []
        cpu = 0.0
        server_cpu = 0.0
        totals = []
        exact_flags = []
        corrected = 0
        for i, params in enumerate(insts):
            if i == warmup:
                c0 = cpu_seconds()
                s0 = cpu_seconds(server_pid) if server_pid else 0.0
            t0 = time.perf_counter()
            (total, is_exact, page), notes = searcher.search(params, exact_count, sort_by_value, with_data)
            dt = (time.perf_counter() - t0) * 1000
            if i < warmup:
                continue
            times.append(dt)
            totals.append(total)
            exact_flags.append(is_exact)
            corrected += notes.get('corrected', False)
            if exact_count:
                assert is_exact, (kind, params)
        cpu = (cpu_seconds() - c0) * 1000 / len(times)
        server_cpu = (cpu_seconds(server_pid) - s0) * 1000 / len(times) if server_pid else 0.0
        times.sort()
        row = {
            'p50': percentile(times, 50),
            'p95': percentile(times, 95),
            'mean': sum(times) / len(times),
            'cpu': cpu,
            'server_cpu': server_cpu,
            'totals': totals,
            'exact_share': sum(exact_flags) / len(exact_flags),
        }
        if kind.startswith('misspelled'):
            row['corrected'] = corrected
        if exact_totals is not None:
            errs = [abs(t - e) / e for t, e in zip(totals, exact_totals[kind]) if e > 0]
            row['estimate_error'] = sorted(errs)[len(errs) // 2] if errs else 0.0
            row['estimate_error_p95'] = percentile(sorted(errs), 95) if errs else 0.0
        out[kind] = row
    return out


def load():
    return ' '.join(f'{x:.1f}' for x in os.getloadavg())


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def start_tcpsrv(db_path):
    port = free_port()
    proc = subprocess.Popen(
        ['xapian-tcpsrv', '--port', str(port), '--interface', '127.0.0.1', '--timeout', '600000', '--quiet', db_path],
        start_new_session=True,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            xapian.remote_open('127.0.0.1', port, 10000, 1000).close()  # a probe the server can answer
            return proc, port
        except xapian.NetworkError:
            if proc.poll() is not None:
                sys.exit(f'xapian-tcpsrv exited with {proc.returncode}')
            time.sleep(0.1)
    os.killpg(proc.pid, 15)
    sys.exit('xapian-tcpsrv did not listen within 30 s')


def server_children(pid):
    """The pids of xapian-tcpsrv's forked connection handlers (one per connection)."""
    pids = []
    try:
        for task in os.listdir(f'/proc/{pid}/task'):
            with open(f'/proc/{pid}/task/{task}/children') as f:
                pids += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return pids


def server_children_hwm(pid):
    """Peak RSS (MB) of xapian-tcpsrv's forked connection handlers (one per connection)."""
    hwm = 0
    try:
        for task in os.listdir(f'/proc/{pid}/task'):
            with open(f'/proc/{pid}/task/{task}/children') as f:
                for child in f.read().split():
                    hwm = max(hwm, proc_status(child).get('VmHWM', 0))
    except OSError:
        pass
    return hwm / 1024


def fmt(row):
    return f"{row['p50']:>8.1f} {row['p95']:>8.1f}"


def print_table(title, results, kinds):
    print(f'\n{title}')
    print('| query kind | matches (median) | in-process exact | in-process estimate | '
          'tcpsrv exact | tcpsrv estimate | tcpsrv exact, ids only | estimate error (median / p95) |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    for kind in kinds:
        r = {k: results[k][kind] for k in results}
        totals = sorted(r['local exact']['totals'])
        med = totals[len(totals) // 2]
        cells = []
        for k in ('local exact', 'local estimate', 'remote exact', 'remote estimate', 'remote exact ids'):
            if k in r:
                cells.append(f"{r[k]['p50']:.1f} / {r[k]['p95']:.1f}")
            else:
                cells.append('–')
        est = r['local estimate']
        err = f"{100 * est['estimate_error']:.1f} % / {100 * est['estimate_error_p95']:.1f} %"
        note = ''
        if 'corrected' in r['local exact']:
            note = f" (corrected back: {r['local exact']['corrected']}/{len(totals)})"
        print(f"| {kind}{note} | {med:,} | {' | '.join(cells)} | {err} |")


def print_cpu_table(results, kinds):
    print('\nCPU ms per query (mean; through xapian-tcpsrv: the server\'s connection handler + this client)')
    print('| query kind | in-process exact | in-process estimate | tcpsrv exact | tcpsrv estimate | tcpsrv exact, ids only |')
    print('|---|---:|---:|---:|---:|---:|')
    for kind in kinds:
        cells = []
        for k in ('local exact', 'local estimate', 'remote exact', 'remote estimate', 'remote exact ids'):
            row = results.get(k, {}).get(kind)
            if row is None:
                cells.append('–')
            elif k.startswith('remote'):
                cells.append(f"{row['server_cpu']:.1f} + {row['cpu']:.1f}")
            else:
                cells.append(f"{row['cpu']:.1f}")
        print(f"| {kind} | {' | '.join(cells)} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--records', type=int, default=1_000_000, help='releases (default 1,000,000)')
    ap.add_argument('--others', type=int, help='labels, artists and masters each (default: --records / 5)')
    ap.add_argument('--dumps', help='folder of the four dump files (default: the synthetic dumps folder of these counts)')
    ap.add_argument('--db', help='Xapian database folder (default: <tmp>/spindle-bench-xapian-L-A-M-R)')
    ap.add_argument('--reuse', action='store_true', help='query the database already in --db instead of indexing again')
    ap.add_argument('--runs', type=int, default=200, help='measured runs of each query kind (default 200)')
    ap.add_argument('--warmup', type=int, default=20, help='untimed runs of each query kind before (default 20)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--flush', type=int, default=10000, help='XAPIAN_FLUSH_THRESHOLD, documents (default 10,000, Xapian\'s)')
    ap.add_argument('--parse-workers', type=int, choices=(0, 1), default=1,
                    help='1 (default): parse the dumps in a second process while this one indexes; 0: parse inline')
    ap.add_argument('--no-spelling', action='store_true', help='no spelling data (and no misspelled-text kind)')
    ap.add_argument('--no-positions', action='store_true', help='index without positions (no phrase search)')
    ap.add_argument('--no-compact', action='store_true', help='query the database as built, not compacted')
    ap.add_argument('--no-remote', action='store_true', help='skip the runs through xapian-tcpsrv')
    ap.add_argument('--json', help='also write the figures to this JSON file')
    args = ap.parse_args()

    others = args.others if args.others is not None else args.records // 5
    counts = f'{others}-{others}-{others}-{args.records}' if others != args.records else str(args.records)
    dumps = args.dumps or os.path.join(tempfile.gettempdir(), f'spindle-bench-dumps-{counts}')
    if not os.path.isdir(dumps):
        sys.exit(f'no dumps in {dumps}: generate them first (see bench/README.md, "Search engine: Xapian")')
    files = dump_files(dumps)
    db_path = args.db or os.path.join(tempfile.gettempdir(), f'spindle-bench-xapian-{counts}')

    print(f'search-engine-xapian: Xapian {xapian.version_string()}, Python {sys.version.split()[0]}, '
          f'{os.cpu_count()} CPUs, dumps {dumps}')
    for kind in KINDS:
        print(f'  {os.path.basename(files[kind])}: {os.path.getsize(files[kind]) / 1e6:,.0f} MB')
    figures = {'xapian': xapian.version_string()}
    if args.reuse and os.path.isdir(db_path):
        print(f'\nreusing {db_path} ({dir_size(db_path) / 1e6:,.0f} MB)')
    else:
        figures['index'] = build(files, db_path, args)

    db = xapian.Database(db_path)
    stem = xapian.Stem('english')
    rng = random.Random(args.seed)
    samples = sample_records(files)
    n = args.warmup + args.runs
    kinds, common, deep = instances(samples, n, rng, lambda w: db.get_termfreq(stem(w)))
    if args.no_spelling:
        del kinds['misspelled free text']
    # Relevance, then the id value instead of the docid: what a stable order of another kind costs.
    kinds['one common word, relevance then id value'] = kinds['one common word']
    print(f'\nqueries: {args.runs} runs of each kind after {args.warmup} untimed, pages of {PAGE_SIZE}; '
          f'common words: {", ".join(f"{w} ({db.get_termfreq(stem(w)):,})" for w in common)}; deep page: {", ".join(deep)}')

    results = {}
    searcher = Searcher(db)
    print(f'documents: {searcher.doccount:,}', flush=True)
    reset_peak_rss()
    t0 = time.perf_counter()
    results['local exact'] = measure(searcher, kinds, args.warmup, True)
    exact_totals = {k: v['totals'] for k, v in results['local exact'].items()}
    results['local estimate'] = measure(searcher, kinds, args.warmup, False, exact_totals)
    print(f'in process: {time.perf_counter() - t0:.0f} s, peak RSS {peak_rss_mb():.0f} MB, load average {load()}',
          flush=True)

    if not args.no_remote:
        proc, port = start_tcpsrv(db_path)
        try:
            remote = xapian.remote_open('127.0.0.1', port, 600000, 10000)
            # 1.4's remote backend serves no spelling data (get_spelling_suggestion answers '' where the local handle
            # of the same database suggests a word): the corrections read a local handle, as an app would read a
            # copy of the spelling table beside it.
            probe = misspell('stockholm', random.Random(0))
            print(f"remote spelling suggestion for {probe!r}: {remote.get_spelling_suggestion(probe).decode()!r}, "
                  f"local: {db.get_spelling_suggestion(probe).decode()!r}")
            spelling_db = db
            rs = Searcher(remote, spelling_db)
            handlers = server_children(proc.pid)
            handler = handlers[0] if len(handlers) == 1 else None
            t0 = time.perf_counter()
            results['remote exact'] = measure(rs, kinds, args.warmup, True, server_pid=handler)
            results['remote estimate'] = measure(rs, kinds, args.warmup, False, exact_totals, server_pid=handler)
            results['remote exact ids'] = measure(rs, kinds, args.warmup, True, with_data=False, server_pid=handler)
            print(f'through xapian-tcpsrv: {time.perf_counter() - t0:.0f} s, '
                  f'server peak RSS {server_children_hwm(proc.pid):.0f} MB', flush=True)
            remote.close()
        finally:
            os.killpg(proc.pid, 15)
            proc.wait()

    print(f'load average at the end: {load()}')
    print_table(f'Latency (ms, p50 / p95) of one page of {PAGE_SIZE} with its documents\' data (ids only in the '
                f'last column), {searcher.doccount:,} documents',
                results, list(kinds))
    print_cpu_table(results, list(kinds))
    if args.json:
        figures['queries'] = {k: {kind: {kk: vv for kk, vv in row.items() if kk != 'totals'} | {
            'matches_median': sorted(row['totals'])[len(row['totals']) // 2]} for kind, row in v.items()}
            for k, v in results.items()}
        with open(args.json, 'w') as f:
            json.dump(figures, f, indent=1)


if __name__ == '__main__':
    main()
