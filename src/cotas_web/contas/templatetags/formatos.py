"""Números no formato brasileiro: vírgula decimal, ponto nos milhares (87,50; 1.234,5)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.formats import number_format

register = template.Library()


def _decimal(valor: Any) -> Decimal | None:
    if valor is None or valor == "":
        return None
    try:
        return Decimal(str(valor))
    except InvalidOperation:
        return None


def _casas(d: Decimal, minimo: int) -> int:
    expoente = d.normalize().as_tuple().exponent
    casas = -expoente if isinstance(expoente, int) and expoente < 0 else 0
    return max(casas, minimo)


@register.filter
def nota(valor: Any) -> str:
    """Nota com ao menos duas casas e nenhuma casa perdida (87,50; 87,125), nunca arredondada:
    um desempate pode depender da terceira casa."""
    d = _decimal(valor)
    if d is None:
        return "" if valor is None else str(valor)
    return number_format(d, decimal_pos=_casas(d, 2), use_l10n=True, force_grouping=True)


@register.filter
def numero(valor: Any) -> str:
    """Número com só as casas que tem (5; 7,5; 12,25)."""
    d = _decimal(valor)
    if d is None:
        return "" if valor is None else str(valor)
    return number_format(d, decimal_pos=_casas(d, 0), use_l10n=True, force_grouping=True)


@register.filter
def extenso(codigo: Any) -> str:
    """Um código (valor de lista de escolha, da lei) por extenso: "indigena" → "indígena"."""
    from cotas_web.rotulos import por_extenso

    return por_extenso(str(codigo)) if codigo not in (None, "") else ""


@register.filter
def valor_por_extenso(valor: Any) -> str:
    """O valor de um parâmetro da lei como se lê: sim/não, números, códigos por extenso e, numa
    lista, cada item (uma ordem de grupos, com setas)."""
    from cotas_web.rotulos import por_extenso

    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, list | tuple):
        # (a ordem de uma reversão termina na ampla: com setas; as demais listas, com vírgulas)
        juntar = " → " if valor and valor[-1] == "ampla" else ", "
        return juntar.join(por_extenso(str(v)) for v in valor)
    return por_extenso(str(valor)) if isinstance(valor, str) else str(valor)


@register.filter
def no_meio_da_frase(texto: Any) -> str:
    """Um rótulo no meio da frase: só a inicial em minúscula, e nunca a de uma sigla ("PcD",
    "IBGE"), que `lower` estragaria ("pcd")."""
    frase = str(texto)
    primeira = frase.split(" ", 1)[0]
    if not frase or any(c.isupper() for c in primeira[1:]):
        return frase
    return frase[0].lower() + frase[1:]


@register.filter
def coluna(codigo: Any) -> str:
    """A coluna do arquivo da banca pelo nome: "data_nascimento" → "Data de nascimento"."""
    from cotas_web.rotulos import rotulo_da_coluna

    return rotulo_da_coluna(str(codigo)) if codigo not in (None, "") else ""


@register.filter
def optou(candidato: Any, grupo: Any) -> bool:
    """O candidato optou pela reserva do grupo da lei (`{{ c|optou:g.nome }}`)."""
    return bool(candidato.optou(str(grupo)))


@register.filter
def verificacao(candidato: Any, grupo: Any) -> str:
    """O resultado da verificação do grupo (`ponte.tela.GrupoNaTela`), pelo rótulo: o da comissão ou
    o da análise documental; "Pendente" para quem optou pela reserva e ainda não foi verificado
    (a homologação espera por ele); "" para quem não optou (nada a verificar)."""
    rotulo = str(candidato.verificacao_rotulo(grupo.nome, grupo.documental))
    if not rotulo and candidato.optou(str(grupo.nome)):
        return "Pendente"
    return rotulo


@register.filter
def chave(mapa: Any, nome: Any) -> Any:
    """O valor de `nome` num dicionário (`{{ r.reservadas|chave:g.nome }}`); None se falta."""
    try:
        return mapa.get(str(nome))
    except AttributeError:
        return None


@register.filter
def pessoa(usuario: Any) -> str:
    """Quem fez, pelo nome e o login ("Marta Souza (marta)"); só o login se a conta não tem
    nome."""
    if usuario is None:
        return ""
    login = usuario.get_username()
    nome = usuario.get_full_name().strip()
    return f"{nome} ({login})" if nome and nome != login else login


@register.filter
def em_grupos(form: Any) -> list[tuple[str, list[Any]]]:
    """Os campos visíveis do formulário nos grupos que ele declara (`grupos`: [(legenda,
    [nomes])], como o gov.br agrupa um formulário longo em fieldsets); os que nenhum grupo
    nomeia vão num último, sem legenda, e os campos que não existem no formulário (tirados
    conforme o caso) são pulados."""
    visiveis = {c.name: c for c in form.visible_fields()}
    grupos: list[tuple[str, list[Any]]] = []
    usados: set[str] = set()
    for legenda, nomes in getattr(form, "grupos", None) or []:
        campos = [visiveis[n] for n in nomes if n in visiveis and n not in usados]
        usados.update(c.name for c in campos)
        if campos:
            grupos.append((legenda, campos))
    resto = [c for nome, c in visiveis.items() if nome not in usados]
    if resto:
        grupos.append(("Outros dados" if grupos else "", resto))
    return grupos


@register.filter
def tem_obrigatorios(form: Any) -> bool:
    return any(c.field.required for c in form.visible_fields())


@register.filter
def campos_com_erro(erros: Any) -> int:
    """Quantos campos (não o formulário inteiro) têm erro."""
    return sum(1 for nome in erros if nome != "__all__")
