import type { AddListItem } from '../../application/lists/add-list-item.js';
import type { CreateList } from '../../application/lists/create-list.js';
import type { DeleteList } from '../../application/lists/delete-list.js';
import type { EditList } from '../../application/lists/edit-list.js';
import type { EditListItem } from '../../application/lists/edit-list-item.js';
import type { GetList } from '../../application/lists/get-list.js';
import type { ListItemDisplay } from '../../application/lists/list-item-display.js';
import type { ListUserLists } from '../../application/lists/list-user-lists.js';
import type { RemoveListItem } from '../../application/lists/remove-list-item.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { ListPresenter } from '../../adapters/http/lists/list-presenter.js';
import { token } from '../token.js';

export const LISTS = {
  Repository: token<UserListRepository>('lists/Repository'),
  ItemDisplay: token<ListItemDisplay>('lists/ItemDisplay'),
  ListUserLists: token<ListUserLists>('lists/ListUserLists'),
  GetList: token<GetList>('lists/GetList'),
  CreateList: token<CreateList>('lists/CreateList'),
  EditList: token<EditList>('lists/EditList'),
  DeleteList: token<DeleteList>('lists/DeleteList'),
  AddListItem: token<AddListItem>('lists/AddListItem'),
  EditListItem: token<EditListItem>('lists/EditListItem'),
  RemoveListItem: token<RemoveListItem>('lists/RemoveListItem'),
  Presenter: token<ListPresenter>('lists/Presenter'),
} as const;
