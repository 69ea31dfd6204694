#!/usr/bin/env python3
"""Writes composition/demo-data/derived/discogs_20200806_masters.xml.gz (dated as the samples, so the import takes it as the same dump): a master record for every master the demo releases
name that the masters sample lacks (the 2020 samples were cut independently: no sample master has a version among
the sample releases). Each is made from its versions among the demo releases: its main release (the one marked
is_main_release, else the lowest id), whose artists, title, year, genres, styles and tracklist it takes.
Run from the repository root; the output is deterministic."""
import gzip
import io
import xml.etree.ElementTree as ET

DIR = 'composition/demo-data/'
known = {el.get('id') for _, el in ET.iterparse(gzip.open(DIR + 'discogs_20200806_masters.xml.gz')) if el.tag == 'master'}
versions = {}
for _, el in ET.iterparse(gzip.open(DIR + 'discogs_20200806_releases.xml.gz')):
    if el.tag != 'release':
        continue
    m = el.find('master_id')
    if m is not None and m.text and m.text not in known:
        versions.setdefault(m.text, []).append((m.get('is_main_release') == 'true', int(el.get('id')), el))
    else:
        el.clear()

root = ET.Element('masters')
for master_id in sorted(versions, key=int):
    main = sorted(versions[master_id], key=lambda v: (not v[0], v[1]))[0][2]
    m = ET.SubElement(root, 'master', id=master_id)
    ET.SubElement(m, 'main_release').text = main.get('id')
    for tag in ('artists',):
        if main.find(tag) is not None:
            m.append(main.find(tag))
    for tag in ('genres', 'styles'):
        if main.find(tag) is not None:
            m.append(main.find(tag))
    released = (main.findtext('released') or '')[:4]
    ET.SubElement(m, 'year').text = released if released.isdigit() else '0'
    ET.SubElement(m, 'title').text = main.findtext('title') or ''
    ET.SubElement(m, 'data_quality').text = main.findtext('data_quality') or 'Needs Vote'
    if main.find('tracklist') is not None:
        m.append(main.find('tracklist'))

out = io.BytesIO()
ET.ElementTree(root).write(out, encoding='utf-8', xml_declaration=False)
with gzip.GzipFile(DIR + 'derived/discogs_20200806_masters.xml.gz', 'wb', mtime=0) as f:
    f.write(out.getvalue())
print(f'{len(root)} masters, {sum(len(v) for v in versions.values())} versions')
