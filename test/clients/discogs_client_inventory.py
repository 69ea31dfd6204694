"""Inventory export and upload through the public python3-discogs-client (Debian's package), as a Discogs seller would.

Usage: discogs_client_inventory.py BASE_URL TOKEN
The client has no calls of its own for exports and uploads, so they go through its request methods (`_post`, `_get`,
its fetcher for the CSV), and the multipart upload through Requests (the library the client is built on) with the
same credentials the client sends: the user token as the `token` query parameter, and its User-Agent.
Prints one JSON object of what the client saw; any exception fails the run (exit status 1, traceback on stderr).
"""
import csv
import io
import json
import sys
import time

import discogs_client
import requests

base, token = sys.argv[1], sys.argv[2]
client = discogs_client.Client('SpindleCompat/1.0 +https://spindle.test', user_token=token)
client._base_url = base
seen = {}


def finished(url):
    """Polls a job's record until it has ended (the server's worker runs it)."""
    for _ in range(200):
        record = client._get(url)
        if record['status'] in ('success', 'failed'):
            return record
        time.sleep(0.05)
    raise RuntimeError('job did not finish: ' + url)


def exported():
    """Asks for an export, waits for it, and reads its CSV as the client's fetcher gets it."""
    requested = client._post(base + '/inventory/export', {})
    done = finished(requested['url'])
    content, status = client._fetcher.fetch(client, 'GET', done['download_url'], headers={'User-Agent': client.user_agent})
    return requested, done, status, list(csv.DictReader(io.StringIO(content.decode('utf-8'))))


requested, done, status, rows = exported()
seen['export'] = [requested['status'], done['status'], status, done['filename'].startswith('compat-user-inventory-')]
seen['exports'] = [e['id'] for e in client._get(base + '/inventory/export')['items']] == [requested['id']]
seen['exported'] = [[r['release_id'], r['price'], r['media_condition'], r['status']] for r in rows]


def upload(kind, text):
    """Sends a CSV as the public API's clients do: multipart/form-data, the file in the field `upload`."""
    response = requests.post(
        base + '/inventory/upload/' + kind,
        params={'token': token},
        headers={'User-Agent': client.user_agent},
        files={'upload': ('inventory.csv', text.encode('utf-8'), 'text/csv')},
    )
    return response


added = upload('add', 'release_id,price,media_condition,comments\n301,9.99,Mint (M),"From the client, uploaded"\n')
seen['add'] = [added.status_code, added.headers['Location'] == added.json()['resource_url'], added.json()['status']]
seen['add_done'] = [finished(added.headers['Location'])[k] for k in ('status', 'type', 'results')]

requested, done, status, rows = exported()
for row in rows:
    if row['price'] == '9.99':
        row['price'] = '11.00'
out = io.StringIO()
writer = csv.DictWriter(out, fieldnames=list(rows[0].keys()))
writer.writeheader()
writer.writerows(rows)
changed = upload('change', out.getvalue())
seen['change_done'] = [finished(changed.headers['Location'])[k] for k in ('status', 'results')]
seen['after_change'] = sorted(r['price'] for r in exported()[3])

bad = upload('add', 'release_id,price,media_condition\n301,ten,Mint (M)\n')
seen['bad'] = [bad.status_code, bad.json()['message']]
deleted = upload('delete', 'listing_id\n' + ''.join(r['listing_id'] + '\n' for r in rows if r['price'] == '11.00'))
seen['delete_done'] = finished(deleted.headers['Location'])['status']
seen['uploads'] = [[u['type'], u['status']] for u in client._get(base + '/inventory/upload')['items']]
seen['after_delete'] = sorted(r['price'] for r in exported()[3])

print(json.dumps(seen))
