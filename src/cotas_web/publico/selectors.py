"""Do banco aos documentos: o certame reencenado no motor, com os atos publicados.

Só os atos confirmados pelo RH (portarias) se publicam; as propostas do motor, não.
"""

from __future__ import annotations

import threading

from cotas.documentos.ata import AvaliacaoAta, MembroAta, RecursoAta, SessaoAta
from cotas.documentos.fonte import FonteDocumentos
from cotas_web import ponte
from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame
from cotas_web.comissao.models import Recurso, Sessao
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.ponte import ErroCotas as ErroCotas  # (o que as leituras levantam; as views o pegam)

_GUARDADA = threading.local()


def fonte_publicada(*, certame: Certame) -> FonteDocumentos:
    """A fonte dos documentos públicos na versão atual do certame, guardada nesta linha de
    execução até a versão mudar (a versão é o último registro de auditoria: todo ato gravado a
    muda, como na situação pública materializada).

    Num certame de 1 milhão de inscrições, reencenar leva ~4 s: sem isso, cada página pública de
    documento (as listas de cada cargo, a ordem de nomeação) custaria isso ao servidor, a cada
    pedido. Só para as páginas públicas, que só leem; quem grava um ato reencena com
    `ponte.reencenar`. Uma fonte só por linha de execução (a anterior é solta antes de montar a
    nova): a memória de um certame grande, não a de todos.
    """
    ultimo = (
        Registro.objects.filter(certame_id=certame.pk)
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


def fonte_do_certame(*, certame: Certame) -> FonteDocumentos:
    """Levanta `ponte.ErroCotas` (mensagem em português) se os fatos contrariam a lei."""
    regras = ponte.regras_do_certame(certame)
    motor = ponte.reencenar(certame)
    atos = {
        (n.cargo.codigo, n.candidato.inscricao): (
            f"Portaria nº {n.portaria}, de {n.data_portaria:%d/%m/%Y}"
        )
        for n in Nomeacao.objects.filter(cargo__certame=certame).select_related(
            "cargo", "candidato"
        )
    }
    return FonteDocumentos(
        nome=certame.nome,
        regras=regras,
        certame=motor,
        nomes_cargos={c.codigo: c.nome for c in certame.cargos.all()},
        data_edital=certame.data_edital,
        validade_ate=certame.validade_ate,
        atos=atos,
    )


def ata_da_sessao(*, sessao: Sessao) -> SessaoAta:
    """O registro da sessão como o documento da ata o recebe."""
    certame = sessao.certame
    membros = list(certame.membros_comissao.all())
    convocacoes = sessao.convocacoes.select_related("candidato__cargo").prefetch_related(
        "votos__membro"
    )
    avaliacoes = [
        AvaliacaoAta(
            inscricao=c.candidato.inscricao,
            nome=c.candidato.nome,
            cargo=c.candidato.cargo.codigo,
            compareceu=c.compareceu,
            votos={v.membro.nome: v.reconhece for v in c.votos.all()},
            resultado=c.resultado,
            recusou_filmagem=c.recusou_filmagem,
            recusou_perguntas=c.recusou_perguntas,
        )
        for c in convocacoes
    ]
    inscricoes = [a.inscricao for a in avaliacoes]
    recursos = [
        RecursoAta(
            inscricao=r.candidato.inscricao,
            recorrente=(
                r.get_recorrente_display()
                if r.recorrente == "candidato"
                else f"{r.get_recorrente_display()}: {r.recorrente_nome}"
            ),
            interposto_em=r.interposto_em,
            decisao=r.get_decisao_display() if r.decisao else "",
            resultado_final=r.resultado_final,
            fundamentacao=r.fundamentacao,
        )
        for r in Recurso.objects.filter(
            candidato__certame=certame, candidato__inscricao__in=inscricoes
        ).select_related("candidato")
    ]
    numero = list(certame.sessoes.values_list("pk", flat=True)).index(sessao.pk) + 1
    return SessaoAta(
        certame=certame.nome,
        municipio=certame.municipio,
        data=sessao.data,
        local=sessao.local,
        membros=[
            MembroAta(m.nome, m.get_genero_display().lower(), m.cor_raca) for m in membros
        ],
        avaliacoes=avaliacoes,
        recursos=recursos,
        observacoes=sessao.ata,
        numero=numero,
    )
