"""Drives Spindle with the public python3-discogs-client (Debian's package), as a Discogs user would.

Usage: discogs_client_calls.py BASE_URL TOKEN USERNAME RELEASE_ID OTHER_RELEASE_ID ORDER_ID
ORDER_ID names an order of the user's (a sale, status New Order) made before the run.
Prints one JSON object of what the client saw; any exception fails the run (exit status 1, traceback on stderr).
"""
import json
import sys

import discogs_client

base, token, username, release_id, other_id, order_id = (
    sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
client = discogs_client.Client('SpindleCompat/1.0 +https://spindle.test', user_token=token)
client._base_url = base
seen = {}

me = client.identity()
seen['identity'] = me.username

user = client.user(username)
user.location = 'Compat City'
user.save()
seen['profile'] = {'location': client.user(username).location, 'num_collection': user.num_collection}

folders = user.collection_folders
seen['folders'] = [[f.id, f.name, f.count] for f in folders]
uncategorized = [f for f in folders if f.id == 1][0]
uncategorized.add_release(release_id)
uncategorized.add_release(client.release(release_id))
items = user.collection_items(release_id)
seen['instances'] = [[i.id, i.folder_id, i.release.title] for i in items]
first = list(uncategorized.releases)[0]
uncategorized.remove_release(first)
seen['after_remove'] = len(list(user.collection_items(release_id)))
seen['value'] = user.collection_value.median

user.wantlist.add(other_id, notes='Compat note', rating=4)
wants = list(client.user(username).wantlist)
seen['wants'] = [[w.id, w.rating, w.notes, w.release.title] for w in wants]
client.user(username).wantlist.remove(other_id)
seen['wants_after_remove'] = len(list(client.user(username).wantlist))
seen['num_collection'] = client.user(username).num_collection

found = client.search('compat', type='release')
seen['search'] = {'count': found.count, 'results': [[type(r).__name__, r.id, r.title] for r in found]}
seen['search_misspelt'] = client.search('compat onne')[0].id
# Ratings: the client reads them from a release (community.rating) and a profile (rating_avg, releases_rated). It has
# no call of its own for a user's rating, so its request methods send those as its models send theirs (JSON bodies).
rating_url = '{0}/releases/{1}/rating/{2}'.format(base, other_id, username)
seen['rating_before'] = client._get(rating_url)['rating']
given = client._put(rating_url, {'rating': 4})
seen['rating_put'] = [given['username'], given['release_id'], given['rating']]
seen['rating_put_again'] = client._put(rating_url, {'rating': '5'})['rating']
seen['community_rating'] = client._get('{0}/releases/{1}/rating'.format(base, other_id))
rating = client.release(other_id).community.rating
seen['release_rating'] = [rating.count, rating.average]
rater = client.user(username)
seen['profile_ratings'] = [rater.rating_avg, rater.data['releases_rated']]
try:
    client._put(rating_url, {'rating': 6})
except discogs_client.exceptions.HTTPError as err:
    seen['bad_rating'] = [err.status_code, err.msg]
seen['rating_delete'] = client._delete(rating_url)
seen['rating_after_delete'] = client._get(rating_url)['rating']

# Listings (the user is a seller): created through the inventory's add_listing, read from the inventory and on its
# own, edited through the model's save (only the changed fields are sent) and deleted. The inventory also holds the
# listing sold in ORDER_ID, which stays.
client.user(username).inventory.add_listing(
    release_id, 'Very Good Plus (VG+)', 12.5, 'For Sale', sleeve_condition='Generic', comments='Compat [b]listing[/b]',
    allow_offers=True, external_id='compat-1', location='Crate 1', weight='auto', format_quantity='auto')
client.user(username).inventory.add_listing(client.release(other_id), 'Good (G)', '3', 'Draft')
everything = list(client.user(username).inventory)
seen['inventory'] = [[l.release.id, l.condition, l.price.value, l.price.currency, l.status, l.seller.username] for l in everything]
inventory = [l for l in everything if l.status != 'Sold']
listing = client.listing(inventory[0].id)
seen['listing'] = {
    'status': listing.status,
    'condition': listing.condition,
    'sleeve_condition': listing.sleeve_condition,
    'price': [listing.price.value, listing.price.currency],
    'allow_offers': listing.allow_offers,
    'comments': listing.comments,
    'release': [listing.release.id, listing.release.data['description']],
    'seller': listing.seller.username,
    'owner_fields': [listing.external_id, listing.location, listing.weight, listing.format_quantity],
    'posted_year': listing.posted.year,
    'url': listing.url.endswith('/sell/item/{0}'.format(listing.id)),
}
listing.price = 15
listing.comments = 'Edited'
listing.save()
edited = client.listing(inventory[0].id)
seen['edited'] = [edited.price.value, edited.comments, edited.condition, edited.status]
draft = client.listing(inventory[1].id)
draft.status = 'For Sale'
draft.save()
seen['relisted'] = client.listing(inventory[1].id).status
try:
    bad = client.listing(inventory[1].id)
    bad.condition = 'Shiny'
    bad.save()
except discogs_client.exceptions.HTTPError as err:
    seen['bad_edit'] = err.status_code
for l in inventory:
    client.listing(l.id).delete()
try:
    client.listing(inventory[0].id).status
except discogs_client.exceptions.HTTPError as err:
    seen['after_delete'] = err.status_code
seen['inventory_after_delete'] = [l.status for l in client.user(username).inventory]

# Orders: the user's sales listed and one read, invoiced (shipping set through the model's save), marked paid, an
# illegal status refused, shipped with a message, and the message log read back, each entry also through the client's
# repr (which reads the entry's recipient, `to`).
seen['orders'] = [[o.id, o.status, o.buyer.username] for o in client.identity().orders]
order = client.order(order_id)
seen['order'] = {
    'id': order.id,
    'status': order.status,
    'next_status': order.next_status,
    'fee': [order.fee.value, order.fee.currency],
    'buyer': order.buyer.username,
    'seller': order.seller.username,
    'shipping_address': order.shipping_address,
    'items': [[i.id, i.release.id, i.price.value, i.price.currency] for i in order.items],
    'total': [order.data['total']['value'], order.data['total']['currency']],
    'created_year': order.created.year,
    'url': order.url.endswith('/sell/order/{0}'.format(order.id)),
}
order.shipping = 5.0
order.save()
seen['invoiced'] = [order.status, order.shipping.value, order.shipping.currency, order.data['total']['value'], order.fee.value]
order.status = 'Payment Received'
order.save()
seen['paid'] = [order.status, order.next_status]
try:
    order.status = 'New Order'
    order.save()
except discogs_client.exceptions.HTTPError as err:
    seen['bad_status'] = [err.status_code, err.msg]
order.refresh()
seen['after_bad_status'] = order.status
order.messages.add('Thanks!', status='Shipped')
order.refresh()
seen['shipped'] = order.status


def shown(entry):
    try:
        return repr(entry)
    except Exception as err:  # the client's own failure, reported as seen
        return type(err).__name__


log = list(order.messages)
seen['messages'] = [[m.data['type'], m.subject, m.message, m.timestamp >= order.created, shown(m)] for m in log]

print(json.dumps(seen))
