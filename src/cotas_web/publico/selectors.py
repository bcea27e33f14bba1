"""Do banco aos documentos: o certame reencenado no motor, com os atos publicados.

Só os atos confirmados pelo RH (portarias) se publicam; as propostas do motor, não.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q
from django.utils import timezone

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.publicacao import publicados
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.candidatos.models import Candidato
from cotas_web.candidatos.selectors import correcoes_publicadas
from cotas_web.certames.models import Certame
from cotas_web.comissao.selectors import ata_da_sessao as ata_da_sessao  # (a ata é da comissão)
from cotas_web.nomeacoes.models import Desistencia, Nomeacao, SituacaoNomeacao
from cotas_web.nomeacoes.selectors import portarias_em_vigor
from cotas_web.ponte import leis, reencenacao
from cotas_web.ponte.erros import ErroCotas as ErroCotas  # (as views o pegam daqui)
from cotas_web.rotulos import numero_da_portaria, rotulo_lista

_GUARDADA = threading.local()


def fonte_publicada(*, certame: Certame) -> FonteDocumentos:
    """A fonte dos documentos públicos na versão atual do certame, guardada nesta linha de
    execução até a versão mudar (a versão é o último registro de auditoria: todo ato gravado a
    muda, como na situação pública materializada).

    Num certame de 1 milhão de inscrições, reencenar leva ~4 s: sem isso, cada página pública de
    documento (as listas de cada cargo, a ordem de nomeação) custaria isso ao servidor, a cada
    pedido. Só para as páginas públicas, que só leem; quem grava um ato reencena com
    `reencenacao.reencenar`. Uma fonte só por linha de execução (a anterior é solta antes de
    montar a nova): a memória de um certame grande, não a de todos.
    """
    ultimo = (
        Registro.objects.que_mudam_o_certame()
        .filter(certame_id=certame.pk)
        .order_by("-id")
        .values_list("id", "quando")
        .first()
    )
    chave = (certame.pk, ultimo)
    guardada = getattr(_GUARDADA, "fonte", None)
    if guardada is not None and guardada[0] == chave:
        return guardada[1]  # type: ignore[no-any-return]
    _GUARDADA.fonte = None
    fonte = fonte_do_certame(certame=certame)
    _GUARDADA.fonte = (chave, fonte)
    return fonte


# Só depois da homologação as listas e a ordem são publicadas.
SO_HOMOLOGADO = frozenset({"listas", "ordem-de-nomeacao"})


def publicaveis(*, certame: Certame) -> list[str]:
    """Os documentos que o certame publica agora: os dele (`documentos_do_certame`), as listas
    e a ordem só depois da homologação. (As páginas públicas e a API perguntam aqui.)"""
    return [
        nome
        for nome in documentos_do_certame(certame=certame)
        if certame.homologado or nome not in SO_HOMOLOGADO
    ]


def documentos_do_certame(*, certame: Certame) -> list[str]:
    """Os documentos que o certame publica (`cotas.documentos.publicacao.publicados`): a ata do
    sorteio só se o edital dele sorteia. Um edital guardado que não se lê não publica o que
    depende dele; a página de cada documento mostra o erro (`ErroCotas`), que é o do certame."""
    try:
        edital = leis.edital_do_certame(certame)
    except ErroCotas:
        edital = None
    return publicados(edital.regras if edital is not None else None)


def fonte_do_certame(*, certame: Certame) -> FonteDocumentos:
    """Levanta `ErroCotas` (mensagem em português) se os fatos contrariam a lei."""
    regras = leis.regras_do_certame(certame)
    motor = reencenacao.reencenar(certame)
    atos = {
        chave: f"Portaria nº {numero}, de {data:%d/%m/%Y}"
        for chave, (numero, data) in portarias_em_vigor(certame=certame).items()
    }
    return FonteDocumentos(
        nome=certame.nome,
        regras=regras,
        certame=motor,
        nomes_cargos={c.codigo: c.nome for c in certame.cargos.all()},
        data_edital=certame.data_edital,
        validade_ate=certame.validade_ate,
        atos=atos,
        versao=versao_do_certame(certame.pk),
        gerado_em=timezone.localtime(),
        correcoes=correcoes_publicadas(certame=certame),
    )


@dataclass(frozen=True)
class Marco:
    """Um ato publicado que atingiu a inscrição: a data, o que foi e o fundamento legal."""

    data: date
    texto: str
    fundamento: str = ""


# Os registros de auditoria das saídas: o fundamento que o motor deu a cada uma, gravado no ato.
_SAIDAS = ("desistencia", "sem_posse", "final_de_fila", "fraude_decidido")
_FIM_DA_NOMEACAO = {
    SituacaoNomeacao.DESISTENTE: "Desistência da nomeação: a vaga {vaga} volta à lista a que "
    "pertence.",
    SituacaoNomeacao.SEM_POSSE: "Prazo de posse esgotado: a nomeação fica sem efeito e a vaga "
    "{vaga} volta à lista a que pertence.",
    SituacaoNomeacao.FINAL_DE_FILA: "A pedido, para o final da lista: a nomeação da portaria "
    "{portaria} fica sem efeito e a inscrição continua classificada, atrás de todos.",
}


def linha_do_tempo(
    *, certame: Certame, inscricao: str, situacao: dict[str, Any], homologacao: str
) -> list[Marco]:
    """Os atos publicados que atingiram a inscrição, em ordem de data, cada um com o fundamento:
    a homologação (se está nas listas), as nomeações por portaria, o fim de cada uma
    (desistência, posse não tomada, final da lista), a desistência de quem não foi nomeado e a
    anulação da inscrição.

    Parte do que a consulta já sabe (a situação publicada): quem só aguarda nomeação não custa
    nenhuma consulta a mais; os atos de quem foi atingido são lidos pelos índices da inscrição.
    Nada de cor/raça nem do parecer da comissão; a observação livre das saídas não se publica.
    `homologacao` é o fundamento da homologação (`fundamento_da_homologacao`), o mesmo para
    todas as inscrições: quem consulta muitas o lê uma vez."""
    if not situacao.get("posicoes"):
        return []
    marcos = _homologacao_e_correcoes(certame, situacao, homologacao)
    if situacao.get("nomeacao") is None and situacao.get("situacao") in ("", "Aguardando nomeação"):
        return sorted(marcos, key=lambda m: m.data)
    candidato = (
        Candidato.objects.filter(certame=certame, inscricao=inscricao)
        .values("pk", "anulado_em")
        .first()
    )
    if candidato is None:
        return marcos
    # Só os atos em vigor, como as páginas públicas (o tornado sem efeito deixa de ser ato
    # publicado: docs/INTERPRETACAO.md#sem-efeito; o feed do certame dá o ato que o desfez).
    nomeacoes = list(
        Nomeacao.objects.filter(candidato_id=candidato["pk"])
        .exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
        .select_related("cargo")
        .order_by("data_portaria", "ordem")
    )
    desistencias = list(
        Desistencia.objects.filter(candidato_id=candidato["pk"], sem_efeito_em__isnull=True)
    )
    saiu = desistencias or candidato["anulado_em"] or any(n.encerrada_em for n in nomeacoes)
    fundamentos = (
        _fundamentos_das_saidas(certame, candidato["pk"], [n.pk for n in nomeacoes]) if saiu else {}
    )
    marcos += _marcos_das_nomeacoes(nomeacoes, fundamentos)
    encerradas = {n.encerrada_em for n in nomeacoes if _encerrada(n)}
    for d in desistencias:
        if d.data not in encerradas:  # (a de um nomeado já está no fim da nomeação)
            marcos.append(
                Marco(
                    d.data,
                    "Desistência: a inscrição sai de todas as listas.",
                    fundamentos.get(("candidato", candidato["pk"]), ""),
                )
            )
    if candidato["anulado_em"] is not None:
        marcos.append(
            Marco(
                candidato["anulado_em"],
                "Inscrição anulada"
                + (", com as nomeações dela" if nomeacoes else "")
                + ": a vaga é preenchida pela lista a que pertence.",
                fundamentos.get(("anulacao", candidato["pk"]), ""),
            )
        )
    return sorted(marcos, key=lambda m: m.data)


def _homologacao_e_correcoes(
    certame: Certame, situacao: dict[str, Any], homologacao: str
) -> list[Marco]:
    """A homologação e as correções da inscrição, já na situação publicada (nenhuma consulta a
    mais)."""
    marcos: list[Marco] = []
    if certame.homologado_em is not None:
        marcos.append(
            Marco(
                certame.homologado_em,
                "Classificação final homologada: a inscrição entra nas listas publicadas.",
                homologacao,
            )
        )
    for c in situacao.get("correcoes", ()):
        marcos.append(
            Marco(
                date.fromisoformat(c["data"]),
                f"Correção depois da homologação ({c['mudanca']}): vale desta data em diante; "
                "as nomeações já publicadas por portaria não mudam.",
                c["fundamento"],
            )
        )
    return marcos


def _encerrada(n: Nomeacao) -> bool:
    """A nomeação que terminou por desistência, posse não tomada ou final da lista."""
    return n.encerrada_em is not None and SituacaoNomeacao(n.situacao) in _FIM_DA_NOMEACAO


def _marcos_das_nomeacoes(
    nomeacoes: list[Nomeacao], fundamentos: dict[tuple[str, int], str]
) -> list[Marco]:
    """Cada nomeação por portaria e, se terminou, o fim dela."""
    marcos: list[Marco] = []
    for n in nomeacoes:
        marcos.append(
            Marco(
                n.data_portaria,
                f"Portaria nº {numero_da_portaria(n.portaria)}, de {n.data_portaria:%d/%m/%Y}: "
                f"nomeado(a) para {n.cargo.codigo}, vaga {n.vaga} ({n.ordem}ª nomeação), pela "
                f"lista {rotulo_lista(n.modalidade).lower()}.",
                n.fundamento,
            )
        )
        fim = _FIM_DA_NOMEACAO.get(SituacaoNomeacao(n.situacao))
        if fim is not None and n.encerrada_em is not None:
            marcos.append(
                Marco(
                    n.encerrada_em,
                    fim.format(vaga=n.vaga, portaria=numero_da_portaria(n.portaria)),
                    fundamentos.get(("nomeacao", n.pk), ""),
                )
            )
    return marcos


def _fundamentos_das_saidas(
    certame: Certame, candidato: int, nomeacoes: list[int]
) -> dict[tuple[str, int], str]:
    """O fundamento gravado no registro de cada saída da inscrição (pela nomeação, pelo
    candidato, pela anulação)."""
    filtro = Q(dados__candidato=candidato) | Q(dados__fatos__candidato=candidato)
    if nomeacoes:
        filtro |= Q(dados__nomeacao__in=nomeacoes)
    saida: dict[tuple[str, int], str] = {}
    registros = Registro.objects.filter(filtro, certame_id=certame.pk, acao__in=_SAIDAS)
    for acao, dados, fundamento in registros.order_by("id").values_list(
        "acao", "dados", "fundamento"
    ):
        if acao == "fraude_decidido":
            if dados.get("decisao") == "falsidade":
                saida[("anulacao", candidato)] = fundamento
        elif "nomeacao" in dados:
            saida[("nomeacao", int(dados["nomeacao"]))] = fundamento
        elif "candidato" in dados:
            saida[("candidato", candidato)] = fundamento
    return saida
