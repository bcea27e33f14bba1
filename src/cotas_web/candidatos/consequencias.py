"""O que uma correção depois da homologação muda, dito antes de confirmá-la: quem passa à frente
de quem em cada lista, que nomeações publicadas teriam ido a outro (preterição) e o que se segue
delas (docs/INTERPRETACAO.md#atos-publicados). As nomeações publicadas nunca mudam: a correção
vale da data dela em diante."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from cotas_web.ponte import reencenacao
from cotas_web.rotulos import por_extenso, rotulo_lista

from .models import Candidato

# Quantos nomes a frase "à frente de ..." mostra antes de "e mais N".
_NOMES_NA_FRASE = 5


def _ordinal(posicao: int) -> str:
    return f"{posicao}º"


def _posicoes(motor: Any, cargo: str, inscricao: str) -> dict[str, int]:
    """Lista -> posição (a partir de 1) da inscrição em cada lista do cargo em que está."""
    listas = motor.listas(cargo)
    saida: dict[str, int] = {}
    for lista, seq in (("ampla", listas.geral), *listas.reservadas.items()):
        posicao = seq.posicao_de(inscricao)
        if posicao is not None:
            saida[lista] = posicao + 1
    return saida


def _quem(candidatos: dict[str, str], inscricao: str) -> str:
    nome = candidatos.get(inscricao, "")
    return f"{inscricao} ({nome})" if nome else inscricao


def _a_frente_de(motor: Any, cargo: str, lista: str, de: int, ate: int) -> list[str]:
    """As inscrições entre as posições `de` e `ate` (a partir de 1, inclusive) da lista."""
    listas = motor.listas(cargo)
    seq = listas.geral if lista == "ampla" else listas.reservadas[lista]
    return [i for k in range(de - 1, ate) if (i := seq.inscricao_em(k)) is not None]


def _nas_listas(
    antes: Any, depois: Any, cargo: str, inscricao: str, nome: Callable[[str], str]
) -> list[str]:
    """Uma frase por lista: de que lugar a que lugar, e à frente de quem."""
    de, para = _posicoes(antes, cargo, inscricao), _posicoes(depois, cargo, inscricao)
    frases = []
    for lista in dict.fromkeys([*de, *para]):
        rotulo = "lista geral" if lista == "ampla" else f"lista de {rotulo_lista(lista)}"
        a, b = de.get(lista), para.get(lista)
        if a == b:
            continue
        if b is None:
            frases.append(f"Na {rotulo}: sai da lista (estava no {_ordinal(a or 0)} lugar).")
            continue
        if a is None:
            frases.append(f"Na {rotulo}: entra no {_ordinal(b)} lugar.")
            continue
        if b < a:
            passados = [i for i in _a_frente_de(depois, cargo, lista, b + 1, a) if i != inscricao]
            mostrados = ", ".join(nome(i) for i in passados[:_NOMES_NA_FRASE])
            resto = len(passados) - _NOMES_NA_FRASE
            mais = f" e mais {resto}" if resto > 0 else ""
            frases.append(
                f"Na {rotulo}: passa do {_ordinal(a)} ao {_ordinal(b)} lugar, à frente de "
                f"{mostrados}{mais}."
            )
        else:
            frases.append(f"Na {rotulo}: passa do {_ordinal(a)} ao {_ordinal(b)} lugar.")
    return frases


def _ocupacoes(nomeacoes: list[Any]) -> dict[tuple[int, int], Any]:
    """(vaga, ocupação) -> nomeação: a k-ésima nomeação de cada vaga."""
    contagem: dict[int, int] = {}
    saida: dict[tuple[int, int], Any] = {}
    for n in nomeacoes:
        k = contagem.get(n.vaga, 0)
        contagem[n.vaga] = k + 1
        saida[(n.vaga, k)] = n
    return saida


def preteridos(com_atos: Any, sem_atos: Any, cargo: str, nome: Callable[[str], str]) -> list[str]:
    """As nomeações publicadas que, pela classificação de hoje, teriam ido a outro candidato, e
    para onde vai quem foi preterido: a próxima vaga da lista de que seria chamado (parâmetro
    `preterido`, docs/INTERPRETACAO.md#atos-publicados), que o motor já lhe dá."""
    frases: list[str] = []
    for p in preterimentos(com_atos, sem_atos, cargo):
        frases.append(
            f"A vaga {p['vaga']} ({p['ato']}) é de {nome(p['de'])}: pela classificação de hoje, "
            f"seria de {nome(p['inscricao'])}. O ato publicado continua em vigor."
        )
        if p["primeira"]:
            frases.append(_destino_do_preterido(com_atos, cargo, p, nome))
    return frases


def preterimentos(com_atos: Any, sem_atos: Any, cargo: str) -> list[dict[str, Any]]:
    """Cada nomeação publicada que, pela classificação de hoje, teria ido a outro: a vaga, o ato,
    quem a tem (`de`), quem a teria (`inscricao`), a lista dele e se é a primeira vez que ele
    aparece (`primeira`). Quem a teria e já tem outra vaga por ato não é preterido. Vai nos
    dados do registro da correção: o painel diz ao preterido por que esta é a vaga dele."""
    publicadas = {
        chave: n
        for chave, n in _ocupacoes(com_atos.nomeacoes(cargo)).items()
        if dict(n.razao.valores).get("ato")
    }
    pela_lei = _ocupacoes(sem_atos.nomeacoes(cargo))
    com_ato = {n.inscricao for n in publicadas.values()}
    saida: list[dict[str, Any]] = []
    vistos: set[str] = set()
    for chave, ato in publicadas.items():
        outro = pela_lei.get(chave)
        if outro is None or outro.inscricao == ato.inscricao or outro.inscricao in com_ato:
            # (Quem teria esta vaga já tem outra por ato publicado: a correção só trocou a ordem
            # de dois nomeados, ninguém foi preterido nesta.)
            continue
        saida.append(
            {
                "cargo": cargo,
                "vaga": ato.vaga,
                "ato": dict(ato.razao.valores)["ato"],
                "de": ato.inscricao,
                "inscricao": outro.inscricao,
                "lista": outro.modalidade,
                "primeira": outro.inscricao not in vistos,
            }
        )
        vistos.add(outro.inscricao)
    return saida


def _destino_do_preterido(
    com_atos: Any, cargo: str, preterimento: dict[str, Any], nome: Callable[[str], str]
) -> str:
    lista = _rotulo_da_lista(preterimento["lista"])
    quem = nome(preterimento["inscricao"])
    vaga = com_atos.vaga_ocupada(preterimento["inscricao"], cargo)
    # (O que o livro faz, pelo parâmetro `preterido` do certame: um valor só, hoje.)
    criterio = por_extenso(com_atos.parametros.preterido)
    if vaga is not None:
        return (
            f"{quem}, preterido(a), recebe a próxima vaga da {lista} de que seria chamado(a): "
            f"a vaga {vaga}, proposta para nomeação. Critério: {criterio}."
        )
    return (
        f"{quem}, preterido(a), será chamado(a) na próxima vaga da {lista} que houver "
        f"(não há vaga livre agora). Critério: {criterio}."
    )


def _propostas_que_mudam(
    antes: Any, depois: Any, cargo: str, nome: Callable[[str], str]
) -> list[str]:
    """As nomeações ainda não publicadas cujo ocupante muda."""
    de, para = _ocupacoes(antes.nomeacoes(cargo)), _ocupacoes(depois.nomeacoes(cargo))
    frases = []
    for chave in sorted(set(de) | set(para)):
        a, b = de.get(chave), para.get(chave)
        if b is not None and dict(b.razao.valores).get("ato"):
            continue
        if a is not None and b is not None and a.inscricao == b.inscricao:
            continue
        texto_a = nome(a.inscricao) if a else "ninguém"
        texto_b = nome(b.inscricao) if b else "ninguém"
        frases.append(f"Proposta para a vaga {chave[0]}: {texto_a} → {texto_b}.")
    # Quem tinha vaga proposta e deixa de ter: passa a esperar a próxima vaga da sua lista.
    com_vaga_depois = {n.inscricao for n in para.values()}
    for n in de.values():
        if n.inscricao not in com_vaga_depois and not dict(n.razao.valores).get("ato"):
            frases.append(
                f"{nome(n.inscricao)} deixa de ter vaga proposta agora: passa a esperar a "
                "próxima vaga da sua lista."
            )
    return frases


def nomeador(certame: Any) -> Callable[[str], str]:
    """ "000108 (Fulano de Tal)": o nome lido do banco só das inscrições que as frases citam."""
    nomes: dict[str, str] = {}

    def nome(inscricao: str) -> str:
        if inscricao not in nomes:
            achado = Candidato.objects.filter(certame=certame, inscricao=inscricao).values_list(
                "nome", flat=True
            )
            nomes[inscricao] = next(iter(achado), "")
        return _quem(nomes, inscricao)

    return nome


def consequencias(
    certame: Any, candidato: Candidato, aplicar: Callable[[Candidato], None]
) -> list[str]:
    """O que a correção `aplicar` (que muda o candidato e o grava) faria, sem gravar nada: a
    correção é aplicada numa transação desfeita ao fim."""
    # (Só o cargo do candidato muda: as três contas são dele, cada uma no tempo de um cargo.)
    cargo = candidato.cargo.codigo
    antes = reencenacao.reencenar_cargo(certame, cargo)
    with transaction.atomic():
        simulado = Candidato.objects.get(pk=candidato.pk)
        aplicar(simulado)
        depois = reencenacao.reencenar_cargo(certame, cargo)
        sem_atos = reencenacao.reencenar_cargo(certame, cargo, com_publicadas=False)
        transaction.set_rollback(True)
    nome = nomeador(certame)

    if not depois.aberto:
        return _nas_listas(antes, depois, cargo, candidato.inscricao, nome)
    frases = _nas_listas(antes, depois, cargo, candidato.inscricao, nome)
    frases += preteridos(depois, sem_atos, cargo, nome)
    frases += _propostas_que_mudam(antes, depois, cargo, nome)
    return frases or ["Nenhuma lista nem nomeação muda."]


def _rotulo_da_lista(lista: str) -> str:
    return "lista geral" if lista == "ampla" else f"lista de {rotulo_lista(lista)}"


def razao_do_preterido(preterimento: dict[str, Any], data: str, criterio: str) -> str:
    """O que o "Por quê" da nomeação proposta ao preterido acrescenta: a correção que o pôs à
    frente, a vaga que pela classificação de hoje seria dele e o critério do certame."""
    return (
        f"Preterido(a) pela correção de {data}: a vaga {preterimento['vaga']} "
        f"({preterimento['ato']}) seria sua pela classificação de hoje; o ato publicado continua "
        f"em vigor, e esta é a próxima vaga da {_rotulo_da_lista(preterimento['lista'])} de que "
        f"seria chamado(a). Critério: {criterio}."
    )
